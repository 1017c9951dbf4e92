import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { documents } from '../../server/db/schema.ts'
import { licenceCardPng } from '../../server/seed.ts'
import { diskFileStore, fileUrlSigner, newFileKey, type FileStore, type FileUrlSigner } from '../../server/storage/storage.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'

let ctx: TestContext
let store: FileStore
let owner: TestUser & { companyId: string }
// The harness signs with this secret; a URL made here for the owner verifies in its app.
let signer: FileUrlSigner
beforeAll(async () => {
  ctx = await createTestContext()
  store = diskFileStore(path.join(ctx.dataDir, 'files'))
  owner = await ctx.owner()
  signer = fileUrlSigner('test-secret').forViewer(owner.id)
})
afterAll(() => ctx.close())

/** A file stored as a document of the owner's company, so the owner may read it (storage/file-access.ts). */
async function stored(bytes: Uint8Array | string, contentType: string) {
  const key = newFileKey('documents')
  const content = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  await store.put(key, content, contentType)
  await ctx.db.insert(documents).values({ companyId: owner.companyId, authorId: owner.id, fileName: 'File', fileKey: key, contentType, size: content.byteLength })
  return key
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.request(url, { headers })
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

describe('GET /files/{folder}/{id}', () => {
  test('a signed URL serves the file inline with its type, nosniff and a private cache', async () => {
    const png = licenceCardPng([10, 120, 60])
    const key = await stored(png, 'image/png')
    const response = await get(signer.url(key))
    expect(response.status).toBe(200)
    expect(response.bytes).toEqual(png)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    expect(response.headers.get('content-disposition')).toBe('inline')
  })

  test('download=1 turns any file into an attachment, with a sanitised name when one is given', async () => {
    const key = await stored('%PDF-1.7\n', 'application/pdf')
    expect((await get(signer.url(key))).headers.get('content-disposition')).toBe('inline')
    const download = await get(`${signer.url(key, { download: true })}&name=${encodeURIComponent('Permit "2024".pdf')}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Permit _2024_.pdf"; filename*=UTF-8''Permit%20%222024%22.pdf`)
  })

  test('HTML and SVG are never inline: they come as sandboxed attachments', async () => {
    for (const [body, type] of [
      ['<html><script>alert(1)</script></html>', 'text/html'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
    ] as const) {
      const response = await get(signer.url(await stored(body, type)))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(type)
      expect(response.headers.get('content-disposition')).toBe('attachment')
      expect(response.headers.get('content-security-policy')).toContain('sandbox')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  test('a wrong, missing or borrowed signature answers 403', async () => {
    const key = await stored('secret', 'text/plain')
    const other = await stored('other', 'text/plain')
    const url = new URL(signer.url(key), 'http://x')
    const exp = url.searchParams.get('exp')!
    const sig = url.searchParams.get('sig')!
    const candidates = [
      `/api/files/${key}`,
      `/api/files/${key}?exp=${exp}`,
      `/api/files/${key}?exp=${exp}&sig=${sig.slice(0, -2)}xx`,
      `/api/files/${key}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/api/files/${other}?exp=${exp}&sig=${sig}`,
      `/api/files/${key}?exp=soon&sig=${sig}`,
      `/api/files/${key}?exp=${exp}&sig=${sig}&download=yes`,
    ]
    for (const candidate of candidates) {
      const response = await ctx.call('GET', candidate.replace(/^\/api/, ''))
      expect(response.status).toBe(403)
      expect(response.body).toEqual({ message: 'This file link has expired or is not valid.' })
    }
  })

  test('an expired URL answers 403', async () => {
    const key = await stored('old', 'text/plain')
    const expired = signer.url(key, { now: new Date(Date.now() - 3 * 86_400_000), ttlSeconds: 60 })
    expect((await get(expired)).status).toBe(403)
  })

  test('a signed URL for a file that is not stored, or a key of the wrong shape, answers 404', async () => {
    // The row names it, so the owner may read it; the store does not have it.
    const missing = newFileKey('documents')
    await ctx.db.insert(documents).values({ companyId: owner.companyId, fileName: 'Lost', fileKey: missing, contentType: 'application/pdf', size: 1 })
    expect((await get(signer.url(missing))).status).toBe(404)
    const badKey = 'media/not-a-uuid'
    expect((await get(signer.url(badKey))).status).toBe(404)
    expect((await get(`/api/files/${'..'}/${'secret'}?exp=1&sig=x`)).status).toBe(404)
  })

  test('byte ranges are answered with 206, and an unsatisfiable range with 416', async () => {
    const key = await stored('0123456789', 'video/mp4')
    const url = signer.url(key)
    const middle = await get(url, { range: 'bytes=2-5' })
    expect(middle.status).toBe(206)
    expect(new TextDecoder().decode(middle.bytes)).toBe('2345')
    expect(middle.headers.get('content-range')).toBe('bytes 2-5/10')
    expect(middle.headers.get('accept-ranges')).toBe('bytes')
    const open = await get(url, { range: 'bytes=7-' })
    expect(new TextDecoder().decode(open.bytes)).toBe('789')
    const suffix = await get(url, { range: 'bytes=-3' })
    expect(new TextDecoder().decode(suffix.bytes)).toBe('789')
    const beyond = await get(url, { range: 'bytes=20-30' })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe('bytes */10')
    const ignored = await get(url, { range: 'bytes=0-1,4-5' })
    expect(ignored.status).toBe(200)
    expect(ignored.bytes).toHaveLength(10)
    const backwards = await get(url, { range: 'bytes=5-2' })
    expect(backwards.status).toBe(200)
    expect(backwards.bytes).toHaveLength(10)
  })

  test('a file is streamed with its length, and HEAD answers the same headers without the bytes', async () => {
    const video = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 13) % 256)
    const url = signer.url(await stored(video, 'video/mp4'))
    const whole = await get(url)
    expect(whole.headers.get('content-length')).toBe(String(video.byteLength))
    // Compared as one buffer: a deep toEqual over 3 million elements takes seconds.
    expect(Buffer.compare(whole.bytes, video)).toBe(0)
    const head = await ctx.app.request(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(video.byteLength))
    expect(head.headers.get('content-type')).toBe('video/mp4')
    expect((await head.arrayBuffer()).byteLength).toBe(0)
    const part = await ctx.app.request(url, { method: 'HEAD', headers: { range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-length')).toBe('10')
  })
})
