// Issue 24 items 3–4 over real HTTP, against the real server process: a tus PATCH streamed past the
// 150 MiB limit without a Content-Length (on an Upload-Defer-Length upload, and on one declared at exactly
// the limit) is answered 413 and its upload removed at once — HEAD 404, no file left in DATA_DIR — where
// it used to end in 400 'Request aborted' with ~150 MiB kept until expiry; a wrong offset is 409 with the
// upload kept; DELETE removes an upload for its creator only; OPTIONS announces the server's limits.
import { existsSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MAX_VIDEO_BYTES } from '../../core/contract/media-limits.ts'
import { serverProcess, signIn, type ApiSession, type ServerProcess } from './fault-harness.ts'

const MIB = 1024 * 1024
const TUS = { 'tus-resumable': '1.0.0' }

let server: ServerProcess
let session: ApiSession
beforeAll(async () => {
  server = await serverProcess()
  session = await signIn(server.apiUrl)
}, 180_000)
afterAll(async () => {
  await server?.dispose()
})

const auth = () => ({ authorization: `Bearer ${session.token}` })
const uploadFile = (segment: string) => path.join(server.dataDir, 'files', 'uploads', segment)

async function createUpload(headers: Record<string, string>): Promise<string> {
  const created = await fetch(`${server.apiUrl}/uploads`, { method: 'POST', headers: { ...TUS, ...auth(), ...headers } })
  expect(created.status).toBe(201)
  return created.headers.get('location')!.split('/').pop()!
}

const head = async (segment: string) => (await fetch(`${server.apiUrl}/uploads/${segment}`, { method: 'HEAD', headers: { ...TUS, ...auth() } })).status

/**
 * A PATCH of `total` bytes sent chunked (no Content-Length), as a phone streaming a file does; resolves
 * with the server's status — read even when the server answers before the body is all sent — and how
 * many bytes were written when it answered.
 */
function streamedPatch(segment: string, offset: number, total: number): Promise<{ status: number; written: number }> {
  const url = new URL(`${server.apiUrl}/uploads/${segment}`)
  return new Promise((resolve, reject) => {
    let written = 0
    // Set by the response handler while the pump below is waiting on 'drain'.
    const state = { answered: false }
    const request = http.request(url, {
      method: 'PATCH',
      headers: { ...TUS, ...auth(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'transfer-encoding': 'chunked' },
    })
    request.on('response', (response) => {
      state.answered = true
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, written }))
      request.destroy()
    })
    // The server may close the connection after answering; the answer is what counts.
    request.on('error', (error) => {
      if (!state.answered) reject(error)
    })
    const chunk = Buffer.alloc(MIB)
    const pump = () => {
      while (!state.answered && written < total) {
        written += chunk.length
        if (!request.write(chunk)) return void request.once('drain', pump)
      }
      if (!state.answered) request.end()
    }
    pump()
  })
}

test('a PATCH streamed past the limit on an Upload-Defer-Length upload: 413, the upload gone at once', { timeout: 120_000 }, async () => {
  const segment = await createUpload({ 'upload-defer-length': '1' })
  const { status } = await streamedPatch(segment, 0, MAX_VIDEO_BYTES + 8 * MIB)
  expect(status).toBe(413)
  expect([404, 410]).toContain(await head(segment))
  expect(existsSync(uploadFile(segment))).toBe(false)
  expect(server.alive()).toBe(true)
})

test('a PATCH streamed past an upload declared at exactly the limit: 413, the upload gone at once', { timeout: 120_000 }, async () => {
  const segment = await createUpload({ 'upload-length': String(MAX_VIDEO_BYTES) })
  const { status } = await streamedPatch(segment, 0, MAX_VIDEO_BYTES + 8 * MIB)
  expect(status).toBe(413)
  expect([404, 410]).toContain(await head(segment))
  expect(existsSync(uploadFile(segment))).toBe(false)
})

test('a PATCH at a wrong offset: 409, and the upload stays as it was', { timeout: 60_000 }, async () => {
  const segment = await createUpload({ 'upload-length': '2000' })
  const patch = (offset: number, bytes: number) =>
    fetch(`${server.apiUrl}/uploads/${segment}`, {
      method: 'PATCH',
      headers: { ...TUS, ...auth(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    })
  expect((await patch(0, 1000)).status).toBe(204)
  expect((await patch(400, 100)).status).toBe(409)
  const after = await fetch(`${server.apiUrl}/uploads/${segment}`, { method: 'HEAD', headers: { ...TUS, ...auth() } })
  expect(after.status).toBe(200)
  expect(after.headers.get('upload-offset')).toBe('1000')
})

test('DELETE removes an upload for its creator (204, gone), and for nobody else', { timeout: 60_000 }, async () => {
  const segment = await createUpload({ 'upload-length': '2000' })
  const other = await signIn(server.apiUrl, 'maria@fleetyard.demo')
  const refused = await fetch(`${server.apiUrl}/uploads/${segment}`, { method: 'DELETE', headers: { ...TUS, authorization: `Bearer ${other.token}` } })
  expect(refused.status).toBe(404)
  expect(await head(segment)).toBe(200)
  const removed = await fetch(`${server.apiUrl}/uploads/${segment}`, { method: 'DELETE', headers: { ...TUS, ...auth() } })
  expect(removed.status).toBe(204)
  expect(await head(segment)).toBe(404)
  expect(existsSync(uploadFile(segment))).toBe(false)
})

test('OPTIONS /api/uploads announces Tus-Version, Tus-Max-Size and Tus-Extension', { timeout: 60_000 }, async () => {
  const options = await fetch(`${server.apiUrl}/uploads`, { method: 'OPTIONS' })
  expect(options.status).toBe(204)
  expect(options.headers.get('tus-version')).toBe('1.0.0')
  expect(options.headers.get('tus-max-size')).toBe(String(MAX_VIDEO_BYTES))
  expect(options.headers.get('tus-extension')!.split(',')).toEqual(expect.arrayContaining(['creation', 'termination', 'expiration']))
})
