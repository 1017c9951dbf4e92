// One contract for every FileStore: the local-disk store and the S3 store must behave the same. The S3
// store runs against s3rver, a real S3 protocol server started here on 127.0.0.1 with a temp directory
// (tests/server/s3rver-server.ts), through the same kept SDK client production uses.
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { FILE_STORAGE_UNAVAILABLE_MESSAGE, infrastructureFault } from '../../server/http/infrastructure-errors.ts'
import { s3FileStore, type S3FileStore } from '../../server/storage/s3-store.ts'
import { diskFileStore, FileStoreUnavailableError, newFileKey, type FileStore } from '../../server/storage/storage.ts'
import { recordingRelay, S3RVER_BUCKET, S3RVER_CREDENTIALS, startS3rver, type RunningS3rver } from './s3rver-server.ts'

const MB = 1024 * 1024

/** Every byte value, so no text decoding or line-ending conversion can slip in unnoticed. */
const everyByte = () => Uint8Array.from({ length: 1024 }, (_, i) => (i * 7 + 3) % 256)
/** `length` bytes in a pattern that does not repeat on any power-of-two boundary. */
const patterned = (length: number, seed = 0) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251)
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const text = (value: string) => new TextEncoder().encode(value)

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return new Uint8Array(Buffer.concat(chunks))
}

/** A fetch-style body: the bytes in 64 KiB chunks. */
function webBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close()
      controller.enqueue(bytes.slice(offset, offset + 64 * 1024))
      offset += 64 * 1024
    },
  })
}

/** A Node body that delivers `bytes`, then runs `then` (which may throw, or stop a server) before the rest. */
function nodeBody(first: Uint8Array, then: () => Promise<void> | void = () => {}, rest = new Uint8Array()): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(first)
      await then()
      if (rest.byteLength > 0) yield Buffer.from(rest)
    })(),
  )
}

const signalLost = () => {
  throw new Error('the phone lost signal')
}

/** The request line and headers of each request in relayed traffic (bodies skipped). */
const requestHeads = (traffic: string) => traffic.match(/(?:PUT|POST|GET|HEAD|DELETE) \/\S* HTTP\/1\.1\r\n(?:[^\r\n]+\r\n)*/g) ?? []
const requestLines = (traffic: string) => requestHeads(traffic).map((head) => head.slice(0, head.indexOf(' HTTP/1.1')))

async function streamed(store: FileStore, key: string) {
  const found = await store.getStream(key)
  return found && { bytes: await readAll(found.stream), contentType: found.contentType, size: found.size, range: found.range }
}

/** The contract itself, run once per store. */
function fileStoreContract(storeOf: () => FileStore) {
  test('a stored file comes back with the same bytes and content type, whole or streamed', async () => {
    const store = storeOf()
    const key = newFileKey('documents')
    await store.put(key, everyByte(), 'application/pdf')
    expect(await store.get(key)).toEqual({ bytes: everyByte(), contentType: 'application/pdf' })
    expect(await streamed(store, key)).toEqual({ bytes: everyByte(), contentType: 'application/pdf', size: 1024, range: undefined })
  })

  test('an empty file and a 3 MB file round-trip intact', async () => {
    const store = storeOf()
    const empty = newFileKey('media')
    await store.put(empty, new Uint8Array(), 'image/png')
    expect(await store.get(empty)).toEqual({ bytes: new Uint8Array(), contentType: 'image/png' })
    expect(await streamed(store, empty)).toMatchObject({ bytes: new Uint8Array(), size: 0 })
    const big = patterned(3 * MB)
    const bigKey = newFileKey('media')
    await store.put(bigKey, big, 'video/mp4')
    const back = await store.get(bigKey)
    expect(back?.bytes.byteLength).toBe(big.byteLength)
    expect(sha256(back!.bytes)).toBe(sha256(big))
  })

  test('a key that was never stored reads as null, whole or streamed', async () => {
    const store = storeOf()
    expect(await store.get(newFileKey('avatars'))).toBeNull()
    expect(await store.getStream(newFileKey('avatars'))).toBeNull()
    expect(await store.getStream(newFileKey('avatars'), { range: { start: 0, end: 1 } })).toBeNull()
  })

  test('storing again under a key replaces the bytes and the content type', async () => {
    const store = storeOf()
    const key = newFileKey('avatars')
    await store.put(key, new Uint8Array([1, 2, 3]), 'image/png')
    await store.put(key, new Uint8Array([9, 8]), 'image/jpeg')
    expect(await store.get(key)).toEqual({ bytes: new Uint8Array([9, 8]), contentType: 'image/jpeg' })
    await store.putStream(key, webBody(new Uint8Array([7])), 'image/webp')
    expect(await store.get(key)).toEqual({ bytes: new Uint8Array([7]), contentType: 'image/webp' })
  })

  test('a deleted file is gone, and deleting it again is not an error', async () => {
    const store = storeOf()
    const key = newFileKey('documents')
    const other = newFileKey('documents')
    await store.put(key, new Uint8Array([1]), 'image/gif')
    await store.put(other, new Uint8Array([2]), 'image/gif')
    await store.delete(key)
    expect(await store.get(key)).toBeNull()
    expect(await store.getStream(key)).toBeNull()
    await expect(store.delete(key)).resolves.toBeUndefined()
    expect(await store.get(other)).toEqual({ bytes: new Uint8Array([2]), contentType: 'image/gif' })
  })

  test('keys not made by newFileKey are refused: no write, no read, no delete', async () => {
    const store = storeOf()
    for (const key of ['../outside', 'media/../../etc/passwd', 'Media/ABC', 'media/not-a-uuid', 'media', '']) {
      await expect(store.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow('invalid file key')
      const body = webBody(new Uint8Array([1]))
      await expect(store.putStream(key, body, 'text/plain')).rejects.toThrow('invalid file key')
      // The refused body was released, not left waiting for a reader.
      expect(body.locked).toBe(false)
      await expect(body.getReader().closed).resolves.toBeUndefined()
      expect(await store.get(key)).toBeNull()
      expect(await store.getStream(key)).toBeNull()
      await expect(store.delete(key)).resolves.toBeUndefined()
    }
  })

  test('a few megabytes streamed in from a web stream and from a Node stream come back byte-identical', async () => {
    const store = storeOf()
    const fromWeb = patterned(3 * MB + 17, 1)
    const webKey = newFileKey('media')
    await store.putStream(webKey, webBody(fromWeb), 'video/webm', { size: fromWeb.byteLength })
    const fromNode = patterned(2 * MB + 5, 2)
    const nodeKey = newFileKey('media')
    await store.putStream(nodeKey, nodeBody(fromNode.subarray(0, MB), () => {}, fromNode.subarray(MB)), 'video/mp4')

    const web = await streamed(store, webKey)
    expect(web).toMatchObject({ contentType: 'video/webm', size: fromWeb.byteLength })
    expect(sha256(web!.bytes)).toBe(sha256(fromWeb))
    const node = await store.get(nodeKey)
    expect(node?.contentType).toBe('video/mp4')
    expect(sha256(node!.bytes)).toBe(sha256(fromNode))
  })

  test('a 12 MB stream (more than two 5 MB parts) comes back byte-identical', async () => {
    const store = storeOf()
    const video = patterned(12 * MB, 3)
    const key = newFileKey('media')
    await store.putStream(key, webBody(video), 'video/mp4', { size: video.byteLength })
    const back = await streamed(store, key)
    expect(back?.size).toBe(video.byteLength)
    expect(back?.bytes.byteLength).toBe(video.byteLength)
    expect(sha256(back!.bytes)).toBe(sha256(video))
  })

  test('a stream that breaks off midway fails with its own error and stores nothing under its key', async () => {
    const store = storeOf()
    const small = newFileKey('media')
    await expect(store.putStream(small, nodeBody(patterned(MB), signalLost), 'video/mp4')).rejects.toThrow('the phone lost signal')
    expect(await store.get(small)).toBeNull()
    // Past the first 5 MB part, so the S3 store has a multipart upload open when the body breaks.
    const large = newFileKey('media')
    await expect(store.putStream(large, nodeBody(patterned(6 * MB), signalLost), 'video/mp4')).rejects.toThrow('the phone lost signal')
    expect(await store.get(large)).toBeNull()
    expect(await store.getStream(large)).toBeNull()
  })

  test('a broken stream under a stored key leaves the stored file as it was', async () => {
    const store = storeOf()
    const key = newFileKey('media')
    await store.put(key, everyByte(), 'image/png')
    await expect(store.putStream(key, nodeBody(patterned(MB), signalLost), 'video/mp4')).rejects.toThrow('the phone lost signal')
    expect(await store.get(key)).toEqual({ bytes: everyByte(), contentType: 'image/png' })
  })

  test('a stream shorter or longer than its promised size stores nothing', async () => {
    const store = storeOf()
    const short = newFileKey('media')
    await expect(store.putStream(short, webBody(patterned(1000)), 'image/jpeg', { size: 1001 })).rejects.toThrow('expected 1001 bytes but the body had 1000')
    const long = newFileKey('media')
    await expect(store.putStream(long, webBody(patterned(1000)), 'image/jpeg', { size: 999 })).rejects.toThrow('expected 999 bytes')
    expect(await store.get(short)).toBeNull()
    expect(await store.get(long)).toBeNull()
  })

  test('a byte range streams just those bytes, clipped at the end; a range past the end has none', async () => {
    const store = storeOf()
    const key = newFileKey('media')
    await store.put(key, text('0123456789'), 'video/mp4')
    const ranged = async (range: { start: number; end?: number }) => {
      const found = await store.getStream(key, { range })
      return found && { text: new TextDecoder().decode(await readAll(found.stream)), size: found.size, range: found.range, contentType: found.contentType }
    }
    expect(await ranged({ start: 2, end: 5 })).toEqual({ text: '2345', size: 10, range: { start: 2, end: 5 }, contentType: 'video/mp4' })
    expect(await ranged({ start: 7 })).toEqual({ text: '789', size: 10, range: { start: 7, end: 9 }, contentType: 'video/mp4' })
    expect(await ranged({ start: 8, end: 100 })).toEqual({ text: '89', size: 10, range: { start: 8, end: 9 }, contentType: 'video/mp4' })
    expect(await ranged({ start: 20, end: 30 })).toEqual({ text: '', size: 10, range: null, contentType: 'video/mp4' })
  })

  test('a stream read only in part and cancelled does not hold the file back from deletion', async () => {
    const store = storeOf()
    const key = newFileKey('media')
    await store.put(key, patterned(2 * MB), 'video/mp4')
    const found = await store.getStream(key)
    const reader = found!.stream.getReader()
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0)
    await reader.cancel()
    await store.delete(key)
    expect(await store.getStream(key)).toBeNull()
  })
}

describe('the local-disk store', () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-store-'))
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  fileStoreContract(() => diskFileStore(root))
})

describe('the S3 store on s3rver', () => {
  let s3: RunningS3rver
  let store: S3FileStore
  beforeAll(async () => {
    s3 = await startS3rver()
    store = s3FileStore(s3.config())
  })
  afterAll(async () => {
    store?.destroy()
    await s3?.dispose()
  })

  fileStoreContract(() => store)

  describe('beyond the contract', () => {
    afterEach(() => {
      vi.unstubAllEnvs()
    })

    test('a 12 MB stream goes up as a multipart upload of three 5 MB-or-less parts', async () => {
      const relay = await recordingRelay(s3.endpoint)
      const relayed = s3FileStore(s3.config({ endpoint: relay.endpoint }))
      try {
        const key = newFileKey('media')
        await relayed.putStream(key, webBody(patterned(12 * MB, 4)), 'video/mp4')
        const requests = requestLines(relay.sent())
        expect(requests).toContain(`POST /${S3RVER_BUCKET}/${key}?uploads=`)
        const parts = requests.filter((line) => line.startsWith(`PUT /${S3RVER_BUCKET}/${key}?`)).map((line) => /partNumber=(\d+)/.exec(line)?.[1])
        expect(parts.sort()).toEqual(['1', '2', '3'])
        expect(requests.some((line) => line.startsWith(`POST /${S3RVER_BUCKET}/${key}?uploadId=`))).toBe(true)
      } finally {
        relayed.destroy()
        await relay.close()
      }
    })

    test('a multipart upload whose body breaks off is aborted on S3', async () => {
      const relay = await recordingRelay(s3.endpoint)
      const relayed = s3FileStore(s3.config({ endpoint: relay.endpoint }))
      try {
        const key = newFileKey('media')
        await expect(relayed.putStream(key, nodeBody(patterned(6 * MB), signalLost), 'video/mp4')).rejects.toThrow('the phone lost signal')
        const requests = requestLines(relay.sent())
        expect(requests).toContain(`POST /${S3RVER_BUCKET}/${key}?uploads=`)
        expect(requests.some((line) => line.startsWith(`DELETE /${S3RVER_BUCKET}/${key}?uploadId=`))).toBe(true)
        expect(requests.some((line) => line.startsWith(`POST /${S3RVER_BUCKET}/${key}?uploadId=`))).toBe(false)
      } finally {
        relayed.destroy()
        await relay.close()
      }
    })

    test('temporary credentials send their session token with every request', async () => {
      const relay = await recordingRelay(s3.endpoint)
      const token = 'FwoGZXIvYXdzEFleetyardTemporaryToken'
      const relayed = s3FileStore(s3.config({ endpoint: relay.endpoint, credentials: { ...S3RVER_CREDENTIALS, sessionToken: token } }))
      try {
        const key = newFileKey('avatars')
        await relayed.put(key, everyByte(), 'image/png')
        expect(await relayed.get(key)).toEqual({ bytes: everyByte(), contentType: 'image/png' })
        const requests = requestHeads(relay.sent())
        expect(requests.map((head) => head.slice(0, 4))).toEqual(['PUT ', 'GET '])
        for (const head of requests) expect(head).toContain(`\r\nx-amz-security-token: ${token}\r\n`)
      } finally {
        relayed.destroy()
        await relay.close()
      }
    })

    test('without keys in the config, the SDK default credential chain supplies them', async () => {
      vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId)
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey)
      const fromChain = s3FileStore(s3.config({ credentials: undefined }))
      const key = newFileKey('avatars')
      await fromChain.put(key, new Uint8Array([5]), 'image/png')
      expect(await store.get(key)).toEqual({ bytes: new Uint8Array([5]), contentType: 'image/png' })
      fromChain.destroy()

      // The chain really is what signs: another key id from it is refused.
      vi.stubEnv('AWS_ACCESS_KEY_ID', 'NOT-AN-S3RVER-KEY')
      const unknown = s3FileStore(s3.config({ credentials: undefined }))
      await expect(unknown.get(key)).rejects.toThrow(FileStoreUnavailableError)
      unknown.destroy()
    })

    test('a key id S3 does not know is refused as unavailable storage, not as a missing file', async () => {
      const refused = s3FileStore(s3.config({ credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'nothing' } }))
      await expect(refused.get(newFileKey('media'))).rejects.toThrow(/S3 GET media\/[0-9a-f-]{36} failed: InvalidAccessKeyId \(403\)/)
      await expect(refused.put(newFileKey('media'), everyByte(), 'image/png')).rejects.toThrow(FileStoreUnavailableError)
      refused.destroy()
    })

    test('while S3 is unreachable every operation fails as unavailable storage, answered 503 with a message', async () => {
      const key = newFileKey('media')
      await store.put(key, everyByte(), 'image/png')
      await s3.stop()
      try {
        const failures = await Promise.allSettled([
          store.put(newFileKey('media'), everyByte(), 'image/png'),
          store.putStream(newFileKey('media'), webBody(everyByte()), 'image/png'),
          store.get(key),
          store.getStream(key),
          store.delete(key),
        ])
        for (const failure of failures) {
          expect(failure.status).toBe('rejected')
          const error = (failure as PromiseRejectedResult).reason
          expect(error).toBeInstanceOf(FileStoreUnavailableError)
          expect(infrastructureFault(error)).toEqual({ status: 503, message: FILE_STORAGE_UNAVAILABLE_MESSAGE })
        }
      } finally {
        await s3.start()
      }
      expect(await store.get(key)).toEqual({ bytes: everyByte(), contentType: 'image/png' })
    })

    test('when S3 goes away in the middle of a multipart upload, the upload fails as unavailable storage and nothing is under the key once S3 is back', async () => {
      const relay = await recordingRelay(s3.endpoint)
      const relayed = s3FileStore(s3.config({ endpoint: relay.endpoint }))
      const key = newFileKey('media')
      try {
        // The first 6 MB fill part 1 and open the multipart upload; then S3 stops, its connections cut.
        const body = nodeBody(patterned(6 * MB), () => s3.stop(), patterned(6 * MB, 9))
        let failure: unknown
        try {
          await relayed.putStream(key, body, 'video/mp4')
        } catch (error) {
          failure = error
        } finally {
          await s3.start()
        }
        expect(failure).toBeInstanceOf(FileStoreUnavailableError)
        expect(infrastructureFault(failure)).toEqual({ status: 503, message: FILE_STORAGE_UNAVAILABLE_MESSAGE })
        const requests = requestLines(relay.sent())
        expect(requests).toContain(`POST /${S3RVER_BUCKET}/${key}?uploads=`)
        expect(requests.some((line) => line.startsWith(`POST /${S3RVER_BUCKET}/${key}?uploadId=`))).toBe(false)
        expect(await relayed.get(key)).toBeNull()
        expect(await relayed.getStream(key)).toBeNull()
        // The kept client carries on once S3 is back.
        await relayed.putStream(key, webBody(everyByte()), 'image/png')
        expect(await store.get(key)).toEqual({ bytes: everyByte(), contentType: 'image/png' })
      } finally {
        relayed.destroy()
        await relay.close()
      }
    })
  })
})
