// The page's transport (XMLHttpRequest, for upload progress) against a real local HTTP server.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { multipartBody } from '../../../src/outbox/op-requests.ts'
import { QUIET_MS } from '../../../src/lib/connectivity.ts'
import { answerWaitMs, BUFFERED_BYTES_BOUND, fetchTransport, progressJumps, STALLED_MESSAGE, xhrTransport } from '../../../src/outbox/transport.ts'

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

let server: Server
let apiUrl = ''
const received: Received[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    // The test page (jsdom) lives on another origin, so the browser rules for CORS apply.
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', 'Authorization, Idempotency-Key, Content-Type')
    response.setHeader('Access-Control-Allow-Methods', 'POST, PUT')
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end()
      return
    }
    if (request.url!.endsWith('/drop')) {
      request.socket.destroy()
      return
    }
    if (request.url!.endsWith('/hang')) {
      // Accepted, never answered: lie-fi. The client's giving up closes the socket.
      request.resume()
      return
    }
    if (request.url!.endsWith('/trickle')) {
      // A slow answer that keeps coming: a byte every 100 ms for a second.
      request.resume()
      response.writeHead(201, { 'Content-Type': 'application/json' })
      const parts = ['{"ok"', ':', 'true', ' ', ' ', ' ', ' ', ' ', ' ', '}']
      const timer = setInterval(() => {
        response.write(parts.shift()!)
        if (parts.length === 0) {
          clearInterval(timer)
          response.end()
        }
      }, 100)
      return
    }
    const parts: Buffer[] = []
    request.on('data', (part: Buffer) => parts.push(part))
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(parts) })
      const refused = request.url!.endsWith('/refuse')
      response.writeHead(refused ? 400 : 201, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(refused ? { message: 'Unsupported file type.' } : { uploadResults: [{ _id: 'm1', fileName: 'a.png', type: 'image' }] }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test('an upload goes out with its key, token and exact bytes, and its progress ends at 100 in whole percent', async () => {
  const bytes = Uint8Array.from({ length: 300_000 }, (_, index) => index % 256)
  const { body, contentType } = multipartBody('----FleetyardOutboxtest', [['item', 'Lights']], {
    field: 'files',
    name: 'lights.png',
    type: 'image/png',
    parts: [bytes.buffer.slice(0, 100_000), bytes.buffer.slice(100_000)],
  })
  const progress: number[] = []

  const response = await xhrTransport({ apiUrl }).send(
    {
      method: 'POST',
      path: '/pre-inspection/photo-preInspection/u1',
      contentType,
      body,
      size: body.size,
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer token-1' },
    },
    (percent) => progress.push(percent),
  )

  expect(response).toEqual({ status: 201, body: { uploadResults: [{ _id: 'm1', fileName: 'a.png', type: 'image' }] }, retryAfter: false })
  const [request] = received.splice(0)
  expect(request).toMatchObject({ method: 'POST', url: '/api/pre-inspection/photo-preInspection/u1' })
  expect(request!.headers).toMatchObject({ 'idempotency-key': 'key-1', authorization: 'Bearer token-1', 'content-type': contentType })
  const text = request!.body.toString('latin1')
  expect(text).toContain('Content-Disposition: form-data; name="item"\r\n\r\nLights\r\n')
  expect(text).toContain('Content-Disposition: form-data; name="files"; filename="lights.png"\r\nContent-Type: image/png\r\n\r\n')
  const fileStart = request!.body.indexOf('\r\n\r\n', request!.body.indexOf('filename=')) + 4
  expect(Buffer.compare(request!.body.subarray(fileStart, fileStart + bytes.length), Buffer.from(bytes))).toBe(0)
  expect(progress.at(-1)).toBe(100)
  for (const percent of progress) expect(Number.isInteger(percent)).toBe(true)
  expect([...progress].sort((a, b) => a - b)).toEqual(progress)
})

test('a refusal comes back as the status and message, not as a thrown error', async () => {
  const response = await xhrTransport({ apiUrl }).send(
    { method: 'PUT', path: '/refuse', contentType: 'application/json', body: '{}', size: 2, headers: {} },
    () => {},
  )
  expect(response).toEqual({ status: 400, body: { message: 'Unsupported file type.' }, retryAfter: false })
  received.splice(0)
})

test('no answer at all rejects, so the op waits for a connection', async () => {
  await expect(xhrTransport({ apiUrl }).send({ method: 'POST', path: '/drop', contentType: 'application/json', body: '{}', size: 2, headers: {} }, () => {})).rejects.toThrow(
    'The server could not be reached.',
  )
})

test('a request with no sign of life for the stall time is given up, so the op waits for a connection', async () => {
  await expect(
    xhrTransport({ apiUrl, stallMs: 300 }).send({ method: 'POST', path: '/hang', contentType: 'application/json', body: '{}', size: 2, headers: {} }, () => {}),
  ).rejects.toThrow(STALLED_MESSAGE)
})

test('a request with no sign of life for QUIET_MS is reported quiet once, and a lively one never', async () => {
  const hanging = { quiet: 0 }
  const lively = { quiet: 0 }
  const hangingSend = xhrTransport({ apiUrl, stallMs: QUIET_MS + 500, onQuiet: () => hanging.quiet++ })
    .send({ method: 'POST', path: '/hang', contentType: 'application/json', body: '{}', size: 2, headers: {} }, () => {})
    .catch(() => 'gave up')
  const livelySend = xhrTransport({ apiUrl, onQuiet: () => lively.quiet++ }).send(
    { method: 'POST', path: '/trickle', contentType: 'application/json', body: '{}', size: 2, headers: {} },
    () => {},
  )
  expect(await hangingSend).toBe('gave up')
  expect(hanging.quiet).toBe(1)
  await livelySend
  expect(lively.quiet).toBe(0)
})

test('an answer that keeps coming is never given up, however long it takes in total', async () => {
  const response = await xhrTransport({ apiUrl, stallMs: 300 }).send(
    { method: 'POST', path: '/trickle', contentType: 'application/json', body: '{}', size: 2, headers: {} },
    () => {},
  )
  expect(response).toMatchObject({ status: 201, body: { ok: true } })
})

test('fetch (the service worker), blind to upload progress, gives up after the stall time plus what the body needs at 4 KB/s', async () => {
  vi.useFakeTimers()
  try {
    const signals: AbortSignal[] = []
    const never = (_input: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => {
        signals.push(init.signal!)
        init.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))
      })
    const sending = fetchTransport({ apiUrl, fetch: never, stallMs: 100 }).send(
      { method: 'POST', path: '/photo', contentType: 'application/octet-stream', body: new Blob([new Uint8Array(1600)]), size: 1600, headers: {} },
      () => {},
    )
    const outcome = sending.then(
      () => 'answered',
      (error: unknown) => (error as Error).message,
    )
    // 100 ms + 1600 bytes at 4 bytes/ms.
    await vi.advanceTimersByTimeAsync(499)
    expect(signals[0]!.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe(STALLED_MESSAGE)
    expect(vi.getTimerCount()).toBe(0)
  } finally {
    vi.useRealTimers()
  }
})

test('a multipart body is the same bytes every time it is built for the same op', async () => {
  const build = () =>
    multipartBody('----FleetyardOutboxsame', [['inspection_id', 'd1']], { field: 'files', name: 'a "b".png', type: 'image/png', parts: [new Uint8Array([1, 2, 3]).buffer] })
  const read = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as string)
      reader.readAsText(blob)
    })
  expect(await read(build().body)).toBe(await read(build().body))
  expect(await read(build().body)).toContain('filename="a %22b%22.png"')
})

test('the wait after a jump of upload progress grows with the largest jump of the request, up to the buffered-bytes bound', () => {
  const jumps = progressJumps()
  jumps.reset(1_000)
  expect(jumps.seen(1_000)).toBe(0)
  expect(jumps.seen(401_000)).toBe(400_000)
  // Smaller steps after a big one keep the big one: its bytes may still be crossing the link.
  expect(jumps.seen(402_000)).toBe(400_000)
  expect(answerWaitMs(10_000, jumps.largest)).toBe(10_000 + 400_000 / 4)
  expect(answerWaitMs(10_000, 4_000_000)).toBe(10_000 + BUFFERED_BYTES_BOUND / 4)
  jumps.reset(0)
  expect(jumps.largest).toBe(0)
})
