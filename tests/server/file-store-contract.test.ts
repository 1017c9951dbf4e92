// One contract for every FileStore: the local-disk store and the S3 store must behave the same. The S3
// store talks to a tiny S3-compatible server started here on 127.0.0.1, which keeps objects in memory
// and checks every request's Signature V4 with the same secret — so the signing is really exercised.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { s3FileStore, sha256Hex, signV4, type S3Config } from '../../server/storage/s3-store.ts'
import { diskFileStore, newFileKey, type FileStore } from '../../server/storage/storage.ts'

const ACCESS_KEY = 'FLEETYARDTESTKEY'
const SECRET = 'fleetyard-test-secret/with+symbols'
const REGION = 'eu-central-1'
const BUCKET = 'fleetyard-files'

interface ReceivedRequest {
  method: string
  /** Path and query exactly as sent. */
  target: string
  headers: IncomingHttpHeaders
  body: Uint8Array
}

const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest()
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/

/**
 * What an S3 server checks before it does anything: the request is signed by the key's owner, over
 * this method, path, query, the signed headers and this very body, and not long ago. Written apart
 * from the store's signer on purpose, so a shared mistake cannot hide.
 */
function signatureProblem(request: ReceivedRequest, now: Date): string | null {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? AUTHORIZATION.exec(header) : null
  if (!match) return 'AccessDenied'
  const [, accessKey, day, region, signedHeaders, signature] = match as unknown as string[]
  if (accessKey !== ACCESS_KEY) return 'InvalidAccessKeyId'
  if (region !== REGION) return 'AuthorizationHeaderMalformed'
  const amzDate = String(request.headers['x-amz-date'] ?? '')
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate)
  if (!time || amzDate.slice(0, 8) !== day) return 'AccessDenied'
  const sentAt = Date.UTC(+time[1]!, +time[2]! - 1, +time[3]!, +time[4]!, +time[5]!, +time[6]!)
  if (Math.abs(now.getTime() - sentAt) > 15 * 60 * 1000) return 'RequestTimeTooSkewed'
  const names = signedHeaders!.split(';')
  if (!['host', 'x-amz-date', 'x-amz-content-sha256'].every((name) => names.includes(name))) return 'AccessDenied'
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '')
  if (payloadHash !== createHash('sha256').update(request.body).digest('hex')) return 'XAmzContentSHA256Mismatch'

  const [pathPart, queryPart = ''] = request.target.split('?')
  const query = queryPart
    .split('&')
    .filter(Boolean)
    .map((pair) => (pair.includes('=') ? pair : `${pair}=`))
    .sort()
    .join('&')
  const canonicalHeaders = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('')
  const canonical = [request.method, pathPart, query, canonicalHeaders, signedHeaders, payloadHash].join('\n')
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, createHash('sha256').update(canonical).digest('hex')].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day!), region!), 's3'), 'aws4_request')
  const expected = createHmac('sha256', key).update(stringToSign).digest()
  const given = Buffer.from(signature!, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'SignatureDoesNotMatch'
}

interface FakeAnswer {
  status: number
  headers?: Record<string, string>
  body?: Uint8Array | string
}

const s3Error = (status: number, code: string): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
})

/** An in-memory, path-style S3: PUT, GET and DELETE of objects in one bucket, every request verified. */
function fakeS3() {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>()
  const refused: string[] = []
  const answer = (request: ReceivedRequest, bucketInHost = false): FakeAnswer => {
    const problem = signatureProblem(request, new Date())
    if (problem) {
      refused.push(problem)
      return s3Error(403, problem)
    }
    const pathPart = request.target.split('?')[0]!
    const prefix = bucketInHost ? '/' : `/${BUCKET}/`
    if (!pathPart.startsWith(prefix)) return s3Error(404, 'NoSuchBucket')
    const key = decodeURIComponent(pathPart.slice(prefix.length))
    if (request.method === 'PUT') {
      objects.set(key, { bytes: request.body, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream') })
      return { status: 200, headers: { etag: `"${createHash('md5').update(request.body).digest('hex')}"` } }
    }
    if (request.method === 'GET') {
      const found = objects.get(key)
      if (!found) return s3Error(404, 'NoSuchKey')
      return { status: 200, headers: { 'content-type': found.contentType }, body: found.bytes }
    }
    if (request.method === 'DELETE') {
      objects.delete(key)
      return { status: 204 }
    }
    return s3Error(405, 'MethodNotAllowed')
  }
  return { objects, refused, answer }
}

let fake: ReturnType<typeof fakeS3>
let server: Server
let endpoint: string
let diskRoot: string

beforeAll(async () => {
  fake = fakeS3()
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const reply = fake.answer({ method: req.method ?? 'GET', target: req.url ?? '/', headers: req.headers, body: new Uint8Array(Buffer.concat(chunks)) })
      res.writeHead(reply.status, reply.headers)
      res.end(reply.body === undefined ? undefined : Buffer.from(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  diskRoot = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-store-'))
})

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
  rmSync(diskRoot, { recursive: true, force: true })
})

const s3Config = (overrides: Partial<S3Config> = {}): S3Config => ({
  endpoint,
  bucket: BUCKET,
  region: REGION,
  accessKeyId: ACCESS_KEY,
  secretAccessKey: SECRET,
  forcePathStyle: true,
  ...overrides,
})

const stores: [string, () => FileStore][] = [
  ['the local-disk store', () => diskFileStore(diskRoot)],
  ['the S3 store', () => s3FileStore(s3Config())],
]

/** Every byte value, so no text decoding or line-ending conversion can slip in unnoticed. */
const everyByte = () => Uint8Array.from({ length: 1024 }, (_, i) => (i * 7 + 3) % 256)

describe.each(stores)('%s', (_name, makeStore) => {
  test('a stored file comes back with the same bytes and content type', async () => {
    const store = makeStore()
    const key = newFileKey('documents')
    await store.put(key, everyByte(), 'application/pdf')
    expect(await store.get(key)).toEqual({ bytes: everyByte(), contentType: 'application/pdf' })
  })

  test('an empty file and a 3 MB file round-trip intact', async () => {
    const store = makeStore()
    const empty = newFileKey('media')
    await store.put(empty, new Uint8Array(), 'image/png')
    expect(await store.get(empty)).toEqual({ bytes: new Uint8Array(), contentType: 'image/png' })
    const big = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 31) % 251)
    const bigKey = newFileKey('media')
    await store.put(bigKey, big, 'video/mp4')
    const back = await store.get(bigKey)
    expect(back?.bytes.byteLength).toBe(big.byteLength)
    expect(sha256Hex(back!.bytes)).toBe(sha256Hex(big))
  })

  test('a key that was never stored reads as null', async () => {
    expect(await makeStore().get(newFileKey('avatars'))).toBeNull()
  })

  test('storing again under a key replaces the bytes and the content type', async () => {
    const store = makeStore()
    const key = newFileKey('avatars')
    await store.put(key, new Uint8Array([1, 2, 3]), 'image/png')
    await store.put(key, new Uint8Array([9, 8]), 'image/jpeg')
    expect(await store.get(key)).toEqual({ bytes: new Uint8Array([9, 8]), contentType: 'image/jpeg' })
  })

  test('a deleted file is gone, and deleting it again is not an error', async () => {
    const store = makeStore()
    const key = newFileKey('documents')
    const other = newFileKey('documents')
    await store.put(key, new Uint8Array([1]), 'image/gif')
    await store.put(other, new Uint8Array([2]), 'image/gif')
    await store.delete(key)
    expect(await store.get(key)).toBeNull()
    await expect(store.delete(key)).resolves.toBeUndefined()
    expect(await store.get(other)).toEqual({ bytes: new Uint8Array([2]), contentType: 'image/gif' })
  })

  test('keys not made by newFileKey are refused: no write, no read, no delete', async () => {
    const store = makeStore()
    for (const key of ['../outside', 'media/../../etc/passwd', 'Media/ABC', 'media/not-a-uuid', 'media', '']) {
      await expect(store.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow('invalid file key')
      expect(await store.get(key)).toBeNull()
      await expect(store.delete(key)).resolves.toBeUndefined()
    }
  })
})

describe('the S3 store', () => {
  test('its requests are refused when signed with the wrong secret', async () => {
    const before = fake.refused.length
    const store = s3FileStore(s3Config({ secretAccessKey: 'not-the-secret' }))
    await expect(store.put(newFileKey('media'), new Uint8Array([1]), 'image/png')).rejects.toThrow('403 SignatureDoesNotMatch')
    await expect(store.get(newFileKey('media'))).rejects.toThrow('403 SignatureDoesNotMatch')
    expect(fake.refused.slice(before)).toEqual(['SignatureDoesNotMatch', 'SignatureDoesNotMatch'])
  })

  test('its requests are refused when signed for another region or with a clock far off', async () => {
    await expect(s3FileStore(s3Config({ region: 'us-west-2' })).get(newFileKey('media'))).rejects.toThrow('403')
    const skewed = s3FileStore(s3Config(), { now: () => new Date(Date.now() - 60 * 60 * 1000) })
    await expect(skewed.get(newFileKey('media'))).rejects.toThrow('403 RequestTimeTooSkewed')
  })

  test('the fake server really checks the body against the signed hash', async () => {
    const url = new URL(`${endpoint}/${BUCKET}/${newFileKey('media')}`)
    const headers = signV4({ method: 'PUT', url, payloadHash: sha256Hex('the signed body') }, { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: REGION }, new Date())
    const response = await fetch(url, { method: 'PUT', headers, body: 'another body' })
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('XAmzContentSHA256Mismatch')
  })

  test('objects land in the bucket under their key, with a path-style URL below the endpoint', async () => {
    const key = newFileKey('documents')
    await s3FileStore(s3Config()).put(key, new Uint8Array([7]), 'image/webp')
    expect(fake.objects.get(key)).toEqual({ bytes: new Uint8Array([7]), contentType: 'image/webp' })
  })

  test('virtual-hosted style names the bucket in the host and signs that host', async () => {
    const seen: string[] = []
    // The bucket's own host name cannot resolve here, so the request is answered by the same fake S3 in-process.
    const inProcess: typeof fetch = async (input, init) => {
      const url = new URL(String(input))
      seen.push(url.href)
      const headers: IncomingHttpHeaders = { host: url.host }
      for (const [name, value] of Object.entries(init?.headers as Record<string, string>)) headers[name] = value
      const body = init?.body ? new Uint8Array(init.body as Uint8Array) : new Uint8Array()
      const reply = fake.answer({ method: init?.method ?? 'GET', target: url.pathname + url.search, headers, body }, true)
      return new Response(reply.body === undefined ? null : Buffer.from(reply.body), { status: reply.status, headers: reply.headers })
    }
    const store = s3FileStore(s3Config({ endpoint: 'https://s3.eu-central-1.amazonaws.com', forcePathStyle: false }), { fetch: inProcess })
    const key = newFileKey('documents')
    await store.put(key, new Uint8Array([4, 2]), 'application/pdf')
    expect(await store.get(key)).toEqual({ bytes: new Uint8Array([4, 2]), contentType: 'application/pdf' })
    expect(seen[0]).toBe(`https://${BUCKET}.s3.eu-central-1.amazonaws.com/${key}`)
  })

  describe('signV4 matches the examples of the S3 Signature Version 4 documentation', () => {
    const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' }
    const may24 = new Date('2013-05-24T00:00:00Z')
    const signatureOf = (headers: Record<string, string>) => /Signature=([0-9a-f]+)$/.exec(headers.authorization ?? '')?.[1]

    test('GET Object with a Range header', () => {
      const headers = signV4(
        { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' }, payloadHash: sha256Hex('') },
        credentials,
        may24,
      )
      expect(headers.authorization).toBe(
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      )
      expect(headers['x-amz-date']).toBe('20130524T000000Z')
    })

    test('PUT Object with a key that needs encoding and a signed body', () => {
      const headers = signV4(
        {
          method: 'PUT',
          url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
          headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
          payloadHash: sha256Hex('Welcome to Amazon S3.'),
        },
        credentials,
        may24,
      )
      expect(headers['x-amz-content-sha256']).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072')
      expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd')
    })

    test('GET Bucket requests with a query string', () => {
      const sign = (query: string) =>
        signatureOf(signV4({ method: 'GET', url: new URL(`https://examplebucket.s3.amazonaws.com/?${query}`), payloadHash: sha256Hex('') }, credentials, may24))
      expect(sign('lifecycle')).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543')
      expect(sign('prefix=J&max-keys=2')).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7')
    })
  })
})
