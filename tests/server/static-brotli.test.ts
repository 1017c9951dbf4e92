// The built client's brotli copies (issue 24 item 8): a browser that takes brotli gets the build's `.br`
// file, byte for byte what the build wrote; one that does not gets gzip as before; a file the build left
// without a copy is gzipped too, and the shell follows the same rule.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { acceptsBrotli } from '../../server/http/static.ts'
import { precompressDir } from '../../scripts/vite-precompress.ts'
import { createTestContext, type TestContext } from './harness.ts'

let ctx: TestContext
let site: ReturnType<TestContext['instance']>
let staticDir: string
let copiesWritten = 0
const chunk = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ id: index, name: `Unit ${index}` })))}\n`
const shell = `<!doctype html><title>Fleetyard</title>${'<meta name="x" content="padding the shell past the threshold">'.repeat(40)}`

beforeAll(async () => {
  ctx = await createTestContext()
  staticDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-brotli-'))
  mkdirSync(path.join(staticDir, 'assets'))
  writeFileSync(path.join(staticDir, 'index.html'), shell)
  writeFileSync(path.join(staticDir, 'assets', 'start-up-abc.js'), chunk)
  writeFileSync(path.join(staticDir, 'assets', 'tiny-abc.js'), 'export {}\n')
  writeFileSync(path.join(staticDir, 'assets', 'photo-abc.png'), Buffer.alloc(4096, 7))
  // As the build leaves it: copies for text files worth compressing, none for the tiny one or the image.
  copiesWritten = await precompressDir(staticDir)
  writeFileSync(path.join(staticDir, 'assets', 'late-abc.js'), chunk)
  site = ctx.instance({ staticDir })
})
afterAll(() => ctx.close())

async function get(urlPath: string, acceptEncoding: string) {
  const response = await site.app.request(urlPath, { headers: { 'Accept-Encoding': acceptEncoding } })
  return { response, body: Buffer.from(await response.arrayBuffer()) }
}

test('the build writes a .br copy only for text files of 1 KB or more', () => {
  expect(copiesWritten).toBe(2)
  const copy = readFileSync(path.join(staticDir, 'assets', 'start-up-abc.js.br'))
  expect(brotliDecompressSync(copy).toString()).toBe(chunk)
  expect(copy.length).toBeLessThan(Buffer.byteLength(chunk))
  expect(existsSync(path.join(staticDir, 'assets', 'tiny-abc.js.br'))).toBe(false)
  expect(existsSync(path.join(staticDir, 'assets', 'photo-abc.png.br'))).toBe(false)
})

describe('a browser that takes brotli', () => {
  test('gets the build copy of a chunk, keyed by encoding and still immutable', async () => {
    const { response, body } = await get('/assets/start-up-abc.js', 'gzip, deflate, br, zstd')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(body.equals(readFileSync(path.join(staticDir, 'assets', 'start-up-abc.js.br')))).toBe(true)
    expect(brotliDecompressSync(body).toString()).toBe(chunk)
  })

  test('gets the shell in brotli for any client route', async () => {
    const { response, body } = await get('/units', 'br')
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(body).toString()).toBe(shell)
  })

  test('gets gzip for a file the build left without a copy', async () => {
    const { response, body } = await get('/assets/late-abc.js', 'gzip, br')
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(body).toString()).toBe(chunk)
  })
})

test('a browser that refuses brotli gets gzip, and one that takes neither gets the file as is', async () => {
  const refused = await get('/assets/start-up-abc.js', 'gzip, br;q=0')
  expect(refused.response.headers.get('content-encoding')).toBe('gzip')
  expect(gunzipSync(refused.body).toString()).toBe(chunk)
  const plain = await get('/assets/start-up-abc.js', 'identity')
  expect(plain.response.headers.get('content-encoding')).toBeNull()
  expect(plain.body.toString()).toBe(chunk)
})

test('Accept-Encoding is read as RFC 9110 writes it', () => {
  expect(acceptsBrotli('gzip, deflate, br')).toBe(true)
  expect(acceptsBrotli('BR;q=0.5')).toBe(true)
  expect(acceptsBrotli('br;q=0')).toBe(false)
  expect(acceptsBrotli('br;q=0.000')).toBe(false)
  expect(acceptsBrotli('brotli, gzip')).toBe(false)
  expect(acceptsBrotli(undefined)).toBe(false)
})

test('a file changed after the build is sent as it is now, never as its older brotli copy', async () => {
  const file = path.join(staticDir, 'sw.js')
  writeFileSync(file, chunk)
  await precompressDir(staticDir)
  expect((await get('/sw.js', 'br')).response.headers.get('content-encoding')).toBe('br')
  // As a deploy that replaces the service worker does: the file changes, its copy stays.
  appendFileSync(file, '// the next version\n')
  const later = new Date(Date.now() + 5_000)
  utimesSync(file, later, later)
  const { response, body } = await get('/sw.js', 'gzip, br')
  expect(response.headers.get('content-encoding')).toBe('gzip')
  expect(gunzipSync(body).toString()).toBe(`${chunk}// the next version\n`)
})

test('a hashed asset is read once and then answered from memory, in each encoding asked for', async () => {
  const file = path.join(staticDir, 'assets', 'kept-abc.js')
  writeFileSync(file, chunk)
  await precompressDir(staticDir)
  const first = await get('/assets/kept-abc.js', 'br')
  const identity = await get('/assets/kept-abc.js', 'identity')
  // Its name changes whenever its content does, so the disk is not asked again, even when the file goes.
  rmSync(file)
  rmSync(`${file}.br`)
  const again = await get('/assets/kept-abc.js', 'br')
  expect(again.response.status).toBe(200)
  expect(again.response.headers.get('content-encoding')).toBe('br')
  expect(again.body.equals(first.body)).toBe(true)
  const plain = await get('/assets/kept-abc.js', 'identity')
  expect(plain.response.status).toBe(200)
  expect(plain.body.equals(identity.body)).toBe(true)
  expect(plain.body.toString()).toBe(chunk)
  // A name never found is not remembered as missing: a deploy may add it later.
  expect((await get('/assets/not-yet-abc.js', 'br')).response.status).toBe(404)
  writeFileSync(path.join(staticDir, 'assets', 'not-yet-abc.js'), chunk)
  expect((await get('/assets/not-yet-abc.js', 'br')).response.status).toBe(200)
})
