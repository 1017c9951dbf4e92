// @vitest-environment node
// The page's transports in the system Chromium, where upload progress means what it means on a phone:
// bytes handed to the socket, not bytes the server has (jsdom reports an upload sent only once the
// answer arrives, so it cannot show the difference). On a slow link the tail of a body reported sent
// is still crossing it; here the server takes that long to answer after reading the whole body.
// Giving up on such a request after the plain stall time would send the whole body again.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import { chromium, type Browser, type Page } from '@playwright/test'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../support/system-chromium.ts'
import { RESUMABLE_CHUNK_BYTES, type sendResumable } from '../../../src/outbox/resumable-send.ts'
import { answerWaitMs, STALLED_MESSAGE, type xhrTransport } from '../../../src/outbox/transport.ts'
import { provideLocalStorage } from './outbox-test-server.ts'

// The unit project's setup clears localStorage after each test; this file runs in Node.
provideLocalStorage()

const STALL_MS = 300
/** The server's answer comes this long after it has the whole body: more than STALL_MS, less than the wait for a body of BODY_BYTES. */
const ANSWER_AFTER_MS = 1_500
const BODY_BYTES = 20_000
const UPLOAD_ID = 'u1'
/**
 * A body larger than the loopback's socket buffers: Chromium hands over what they hold at once, then
 * reports no progress while the server does not read (READ_PAUSE_MS), as on a slow link.
 */
const BIG_BYTES = 24 * 1024 * 1024
const READ_PAUSE_MS = 1_500
/** While set, the server reads every PATCH body slowly too. */
let slowPatches = false

let server: Server
let browser: Browser
let page: Page
/** Requests the server read to the end, as "METHOD path bytes". */
const received: string[] = []

const ENTRY = `
import { xhrTransport } from './src/outbox/transport.ts'
import { sendResumable } from './src/outbox/resumable-send.ts'
window.transports = { xhrTransport, sendResumable }
`

beforeAll(async () => {
  if (answerWaitMs(STALL_MS, BODY_BYTES) < ANSWER_AFTER_MS * 2) throw new Error('The slow answer must come well within the wait for its body.')
  if (READ_PAUSE_MS < STALL_MS * 2) throw new Error('The slow read must outlast the plain stall time.')
  const bundle = await build({ stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, format: 'iife', write: false, logLevel: 'silent' })
  const script = bundle.outputFiles[0]!.text
  server = createServer((request, response) => {
    const url = request.url!
    if (url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>transport</title><script>${script}</script>`)
      return
    }
    if (request.method === 'GET') {
      // The page's own favicon request: not one of the sends under test.
      response.writeHead(404).end()
      return
    }
    let bytes = 0
    let paused = false
    request.on('data', (part: Buffer) => {
      bytes += part.length
      if (paused || !(url.endsWith('/slow-read') || (request.method === 'PATCH' && slowPatches))) return
      paused = true
      request.pause()
      setTimeout(() => request.resume(), READ_PAUSE_MS)
    })
    request.on('end', () => {
      received.push(`${request.method} ${url} ${bytes}`)
      if (url === '/api/hang') return
      const answer = () => {
        if (request.method === 'POST' && url === '/api/uploads') {
          response.writeHead(201, { 'Tus-Resumable': '1.0.0', Location: `/api/uploads/${UPLOAD_ID}`, 'Access-Control-Expose-Headers': 'Location, Upload-Offset' }).end()
        } else if (request.method === 'PATCH') {
          response.writeHead(204, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(Number(request.headers['upload-offset']) + bytes) }).end()
        } else {
          response.writeHead(201, { 'Content-Type': 'application/json' }).end('{"ok":true}')
        }
      }
      if (url.endsWith('/slow-answer') || request.method === 'PATCH') setTimeout(answer, ANSWER_AFTER_MS)
      else answer()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  page = await browser.newPage()
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** What the bundle puts on the page's window. */
interface PageTransports {
  xhrTransport: typeof xhrTransport
  sendResumable: typeof sendResumable
}

/** Sends `bytes` with the page's XHR transport to `path`; answers the status, or the rejection's message. */
function sendFromPage(path: string, bytes: number): Promise<number | string> {
  return page.evaluate(
    async ([to, size, stallMs]) => {
      const { xhrTransport: transport } = (window as unknown as { transports: PageTransports }).transports
      const body = new Blob([new Uint8Array(size)])
      try {
        const response = await transport({ apiUrl: '/api', stallMs }).send({ method: 'POST', path: to, contentType: 'application/octet-stream', body, size, headers: {} }, () => {})
        return response.status
      } catch (error) {
        return (error as Error).message
      }
    },
    [path, bytes, STALL_MS] as const,
  )
}

/** Sends `bytes` with the page's tus path; answers the upload's URL, or the rejection's message. */
function sendResumableFromPage(bytes: number): Promise<string> {
  return page.evaluate(
    async ([size, stallMs]) => {
      const { sendResumable: send } = (window as unknown as { transports: PageTransports }).transports
      const file = new Blob([new Uint8Array(size)], { type: 'video/mp4' })
      const source = { size, type: file.type, name: 'clip.mp4', slice: async (start: number, end: number) => file.slice(start, end) }
      try {
        return await send(source, { apiUrl: '/api', uploadUrl: null, headers: {}, stallMs }, { onUrl: async () => undefined, onProgress: () => undefined })
      } catch (error) {
        return (error as Error).message
      }
    },
    [bytes, STALL_MS] as const,
  )
}

test('a body handed over whole is waited for beyond the stall time, so a slow answer arrives instead of the body being sent again', async () => {
  received.splice(0)
  expect(await sendFromPage('/slow-answer', BODY_BYTES)).toBe(201)
  expect(received).toEqual([`POST /api/slow-answer ${BODY_BYTES}`])
})

test('a body handed over whole whose answer never comes is still given up', async () => {
  expect(await sendFromPage('/hang', 1_000)).toBe(STALLED_MESSAGE)
})

test('a tus PATCH handed over whole is waited for beyond the stall time: the upload completes with its bytes sent once', async () => {
  received.splice(0)
  expect(await sendResumableFromPage(BODY_BYTES)).toMatch(new RegExp(`/api/uploads/${UPLOAD_ID}$`))
  expect(received).toEqual(['POST /api/uploads 0', `PATCH /api/uploads/${UPLOAD_ID} ${BODY_BYTES}`])
})

test('a body handed over in a big first jump, then silent while the server reads slowly, is waited for instead of sent again', async () => {
  received.splice(0)
  expect(await sendFromPage('/slow-read', BIG_BYTES)).toBe(201)
  expect(received).toEqual([`POST /api/slow-read ${BIG_BYTES}`])
})

test('a tus PATCH handed over in a big first jump, then silent while the server reads slowly, completes with its bytes sent once', async () => {
  received.splice(0)
  slowPatches = true
  try {
    expect(await sendResumableFromPage(RESUMABLE_CHUNK_BYTES)).toMatch(new RegExp(`/api/uploads/${UPLOAD_ID}$`))
  } finally {
    slowPatches = false
  }
  expect(received).toEqual(['POST /api/uploads 0', `PATCH /api/uploads/${UPLOAD_ID} ${RESUMABLE_CHUNK_BYTES}`])
})
