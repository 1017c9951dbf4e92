// `npx tsx scripts/make-demo-video.ts`: records a 4 s canvas animation (a truck rolling past) with Chromium's MediaRecorder into a
// small WebM, plus its poster frame as a JPEG. Not part of the app; the outputs are committed.
import { chromium } from '@playwright/test'
import { writeFileSync } from 'node:fs'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
// In-page code as text: the page must not see the helpers tsx adds to compiled functions.
const IN_PAGE = `(async () => {
  const canvas = document.createElement('canvas')
  canvas.width = 320
  canvas.height = 180
  const ctx = canvas.getContext('2d')
  const draw = (t) => {
    ctx.fillStyle = '#9cc9ef'; ctx.fillRect(0, 0, 320, 120)
    ctx.fillStyle = '#6b7280'; ctx.fillRect(0, 120, 320, 60)
    ctx.fillStyle = '#f8fafc'; for (let i = 0; i < 8; i++) ctx.fillRect(((i * 48 - t * 40) % 384 + 384) % 384 - 32, 148, 24, 4)
    const x = 40 + t * 30
    ctx.fillStyle = '#1d4ed8'; ctx.fillRect(x, 70, 120, 50)
    ctx.fillStyle = '#dc2626'; ctx.fillRect(x + 120, 85, 40, 35)
    ctx.fillStyle = '#bfdbfe'; ctx.fillRect(x + 130, 90, 22, 14)
    ctx.fillStyle = '#111827'; for (const w of [x + 20, x + 90, x + 140]) { ctx.beginPath(); ctx.arc(w, 122, 11, 0, Math.PI * 2); ctx.fill() }
    ctx.fillStyle = '#0f172a'; ctx.font = 'bold 14px sans-serif'; ctx.fillText('FLEETYARD DEMO — WALKAROUND', 10, 20)
  }
  draw(0)
  const poster = canvas.toDataURL('image/jpeg', 0.7)
  const stream = canvas.captureStream(15)
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 120_000 })
  const chunks = []
  recorder.ondataavailable = (event) => chunks.push(event.data)
  const stopped = new Promise((resolve) => (recorder.onstop = resolve))
  recorder.start()
  const started = performance.now()
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - started) / 1000
      draw(t)
      if (t < 4) requestAnimationFrame(frame)
      else resolve()
    }
    requestAnimationFrame(frame)
  })
  recorder.stop()
  await stopped
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return { video: btoa(binary), poster: poster.slice(poster.indexOf(',') + 1) }
})()`
const result = (await page.evaluate(IN_PAGE)) as { video: string; poster: string }
writeFileSync('server/demo-media/walkaround.webm', Buffer.from(result.video, 'base64'))
writeFileSync('server/demo-media/walkaround-poster.jpg', Buffer.from(result.poster, 'base64'))
await browser.close()
