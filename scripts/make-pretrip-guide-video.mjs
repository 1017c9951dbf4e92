// Renders the pre-trip guide's short video (public/videos/pretrip-guide.webm) with the system Chromium:
// a silent walk-around in title cards — tires, lights, engine oil, coolant, power steering — drawn on a
// canvas and recorded with MediaRecorder (VP8, low bitrate), so the repository carries a small, real
// video without any video tool.  Run: node scripts/make-pretrip-guide-video.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const out = path.join(root, 'public/videos/pretrip-guide.webm')

const STEPS = [
  ['Tires', 'Pressure with a gauge · cuts and bulges · tread depth · lug nuts'],
  ['Lights', 'Low and high beams · signals · brake lights · markers · reflectors'],
  ['Engine oil', 'Engine off · dipstick between the marks · no fresh leaks'],
  ['Coolant', 'Cold engine · reservoir between MIN and MAX · never open hot'],
  ['Power steering', 'Fluid at the mark · hoses dry · about 10° free play at most'],
]

/**
 * MediaRecorder writes no Duration, so players show an endless timeline; this adds one to the
 * Segment Info (EBML element 0x4489, float64 in TimecodeScale units — milliseconds by default).
 * Chromium's recording has no SeekHead or Cues, so moving the clusters a few bytes breaks nothing.
 */
function withDuration(webm, milliseconds) {
  const infoAt = webm.indexOf(Buffer.from([0x15, 0x49, 0xa9, 0x66]))
  if (infoAt < 0) throw new Error('no Segment Info in the recording')
  const sizeAt = infoAt + 4
  const first = webm[sizeAt]
  const width = Math.clz32(first) - 23
  let size = first & (0xff >> width)
  for (let index = 1; index < width; index++) size = size * 256 + webm[sizeAt + index]
  const duration = Buffer.alloc(11)
  duration.set([0x44, 0x89, 0x88])
  duration.writeDoubleBE(milliseconds, 3)
  const newSize = Buffer.alloc(width)
  let rest = size + duration.length
  for (let index = width - 1; index >= 0; index--) {
    newSize[index] = rest & 0xff
    rest = Math.floor(rest / 256)
  }
  newSize[0] |= 0x80 >> (width - 1)
  const bodyEnd = sizeAt + width + size
  return Buffer.concat([webm.subarray(0, sizeAt), newSize, webm.subarray(sizeAt + width, bodyEnd), duration, webm.subarray(bodyEnd)])
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] })
try {
  const page = await browser.newPage()
  const base64 = await page.evaluate(async (steps) => {
    const [width, height, secondsPerStep] = [640, 360, 2.5]
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    document.body.append(canvas)
    const context = canvas.getContext('2d')
    const stream = canvas.captureStream(24)
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 200_000 })
    const chunks = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    const total = steps.length * secondsPerStep * 1000
    const draw = (elapsed) => {
      const index = Math.min(steps.length - 1, Math.floor(elapsed / (secondsPerStep * 1000)))
      const [title, hint] = steps[index]
      context.fillStyle = '#1c2434'
      context.fillRect(0, 0, width, height)
      context.fillStyle = '#3c50e0'
      context.fillRect(0, height - 10, (width * elapsed) / total, 10)
      context.fillStyle = '#8fa3bf'
      context.font = '600 22px system-ui, sans-serif'
      context.textAlign = 'center'
      context.fillText(`Pre-trip walk-around · ${index + 1} of ${steps.length}`, width / 2, 70)
      context.fillStyle = '#ffffff'
      context.font = '700 54px system-ui, sans-serif'
      context.fillText(title, width / 2, 185)
      context.fillStyle = '#c9d3e0'
      context.font = '20px system-ui, sans-serif'
      context.fillText(hint, width / 2, 245)
    }
    recorder.start(500)
    const started = performance.now()
    await new Promise((resolve) => {
      const frame = () => {
        const elapsed = performance.now() - started
        draw(Math.min(elapsed, total - 1))
        if (elapsed >= total) resolve()
        else requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    recorder.stop()
    await stopped
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())
    let binary = ''
    for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
    return btoa(binary)
  }, STEPS)
  mkdirSync(path.dirname(out), { recursive: true })
  const bytes = withDuration(Buffer.from(base64, 'base64'), STEPS.length * 2500)
  writeFileSync(out, bytes)
  console.log(`wrote ${path.relative(root, out)} (${Math.round(bytes.length / 1024)} KB)`)
} finally {
  await browser.close()
}
