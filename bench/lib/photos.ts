// Phone-size photo fixtures for the outbox benchmark: 4000×3000 JPEGs of ~3 MB (a 12 MP phone photo),
// each different (its own gradient, shapes and noise), made in Chromium's canvas and cached in a temp
// dir so later runs reuse them.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { launchChromium, newBenchContext } from './browser.ts'

const WIDTH = 4000
const HEIGHT = 3000
export const PHOTO_DIR = path.join(os.tmpdir(), `fleetyard-bench-photos-${WIDTH}x${HEIGHT}-v1`)

/** Paths of `count` photo fixtures, generating the missing ones. */
export async function phonePhotos(count: number): Promise<string[]> {
  mkdirSync(PHOTO_DIR, { recursive: true })
  const files = Array.from({ length: count }, (_, index) => path.join(PHOTO_DIR, `IMG_${String(index + 1).padStart(4, '0')}.jpg`))
  const missing = files.filter((file) => !existsSync(file) || statSync(file).size === 0)
  if (missing.length === 0) return files
  const browser = await launchChromium()
  try {
    const page = await (await newBenchContext(browser)).newPage()
    await page.setContent('<canvas></canvas>')
    for (const file of missing) {
      const seed = files.indexOf(file) + 1
      const base64 = await page.evaluate(
        async ([width, height, photoSeed]) => {
          let state = photoSeed! * 2654435761
          const random = () => {
            state = (state * 1103515245 + 12345) >>> 0
            return state / 4294967296
          }
          const canvas = document.querySelector('canvas')!
          canvas.width = width!
          canvas.height = height!
          const context = canvas.getContext('2d')!
          const gradient = context.createLinearGradient(0, 0, width!, height!)
          gradient.addColorStop(0, `hsl(${random() * 360} 60% 55%)`)
          gradient.addColorStop(1, `hsl(${random() * 360} 50% 35%)`)
          context.fillStyle = gradient
          context.fillRect(0, 0, width!, height!)
          for (let shape = 0; shape < 40; shape += 1) {
            context.fillStyle = `hsl(${random() * 360} 55% ${30 + random() * 40}% / 0.6)`
            context.beginPath()
            context.ellipse(random() * width!, random() * height!, 50 + random() * 600, 50 + random() * 400, random() * Math.PI, 0, Math.PI * 2)
            context.fill()
          }
          // Sensor-like grain: what keeps a real photo's JPEG at megabytes.
          const tile = context.createImageData(500, 500)
          for (let at = 0; at < tile.data.length; at += 4) {
            const grain = (random() - 0.5) * 30
            tile.data[at] = 128 + grain
            tile.data[at + 1] = 128 + grain
            tile.data[at + 2] = 128 + grain
            tile.data[at + 3] = 255
          }
          const tileCanvas = new OffscreenCanvas(500, 500)
          tileCanvas.getContext('2d')!.putImageData(tile, 0, 0)
          context.globalCompositeOperation = 'overlay'
          for (let y = 0; y < height!; y += 500) for (let x = 0; x < width!; x += 500) context.drawImage(tileCanvas, x, y)
          context.globalCompositeOperation = 'source-over'
          const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/jpeg', 0.9))
          const bytes = new Uint8Array(await blob.arrayBuffer())
          let binary = ''
          for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
          return btoa(binary)
        },
        [WIDTH, HEIGHT, seed] as const,
      )
      writeFileSync(file, Buffer.from(base64, 'base64'))
    }
  } finally {
    await browser.close()
  }
  return files
}

/** Every cached fixture's size, for the report. */
export const photoBytes = (files: string[]): number => files.reduce((sum, file) => sum + statSync(file).size, 0)

export const cachedPhotoCount = (): number => (existsSync(PHOTO_DIR) ? readdirSync(PHOTO_DIR).length : 0)
