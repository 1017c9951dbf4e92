// Multipart media uploads read as they arrive (issue 16): each file goes straight into the file store —
// never whole in memory — while the body's idempotency hash, each file's size and its real type (from
// its first bytes) are taken on the way. All of it happens before the idempotency claim: on PGlite a
// transaction holds the one connection, and none may stay open while a phone on one bar sends a video.
// Files land under new random keys. Should the process die before a row names them, a job enqueued
// before each file is stored removes it a day later unless a capture names it by then.
import Busboy from 'busboy'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { FILE_TOO_LARGE_MESSAGE, MAX_FILES_PER_UPLOAD, UNSUPPORTED_FILE_MESSAGE, type MediaKind } from '../../core/contract/media-limits.ts'
import { DomainError, Invalid, TooLarge } from '../domain-errors.ts'
import { sniffMedia } from '../media/file-type.ts'
import { nodeReadableOf } from '../storage/byte-streams.ts'
import { newFileKey, type FileStore } from '../storage/storage.ts'
import { requestHasher } from './request-hash.ts'

/** file-type reads at most this much to tell a type. */
const SNIFF_BYTES = 4100
/** Kept of each file to measure an image; camera JPEGs put their size well within it. */
export const HEAD_BYTES = 512 * 1024
const MAX_FIELDS = 50
const MAX_FIELD_BYTES = 64 * 1024

export interface ReceivedFile {
  /** The form field it came in: `files`, `files[]` or `poster`. */
  field: string
  key: string
  /** As the sender named it. */
  fileName: string
  /** From its bytes, never the sender's word. */
  contentType: string
  kind: MediaKind
  size: number
  /** Its first bytes, up to HEAD_BYTES. */
  head: Uint8Array
}

export interface ReceivedForm {
  /** Text fields by name, in the order sent. */
  fields: Record<string, string[]>
  files: ReceivedFile[]
  /** The idempotency hash of the request (request-hash.ts). */
  hash: string
}

/** What a file field may hold, given the text fields sent before it; null: no files under that name. */
export type FileRule = (field: string, fields: Record<string, string[]>) => { kinds: readonly MediaKind[]; maxBytes: number } | null

export interface ReceiveOptions {
  store: FileStore
  method: string
  /** Path and query, as the hash takes them. */
  path: string
  rule: FileRule
  /** Runs before a file is stored under `key` (the leftover-removal job). */
  beforeStore: (key: string) => Promise<void>
  /** Keys stored so far are added here as they are made, so a caller can remove them whatever happens. */
  stored: string[]
}

const bytesOf = (chunk: Buffer | Uint8Array): Uint8Array => chunk

/** Whatever the body stream failed with: a body over the route's limit keeps its own 413 (body-limits.ts). */
function bodyFailure(error: unknown): unknown {
  if (error instanceof DomainError) return error
  return new Invalid('The upload did not arrive whole.')
}

async function storeFile(
  options: ReceiveOptions,
  field: string,
  fileName: string,
  stream: Readable,
  fields: Record<string, string[]>,
): Promise<ReceivedFile> {
  const rule = options.rule(field, fields)
  if (!rule) {
    stream.resume()
    throw new Invalid('This field takes text, not a file.', { field })
  }
  const chunks: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]()
  const first: Uint8Array[] = []
  let firstBytes = 0
  let ended = false
  while (firstBytes < SNIFF_BYTES) {
    const next = await chunks.next()
    if (next.done) {
      ended = true
      break
    }
    first.push(bytesOf(next.value))
    firstBytes += next.value.length
  }
  const sniffed = await sniffMedia(Buffer.concat(first))
  if (!sniffed || !rule.kinds.includes(sniffed.kind)) throw new Invalid(UNSUPPORTED_FILE_MESSAGE)

  const head: Uint8Array[] = []
  let headBytes = 0
  let size = 0
  const counted = (chunk: Uint8Array) => {
    size += chunk.length
    if (size > rule.maxBytes) throw new TooLarge(FILE_TOO_LARGE_MESSAGE)
    if (headBytes < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - headBytes)
      head.push(Uint8Array.from(part))
      headBytes += part.length
    }
    return chunk
  }
  async function* body() {
    for (const chunk of first) yield counted(chunk)
    if (ended) return
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield counted(bytesOf(next.value))
  }
  const key = newFileKey('media')
  await options.beforeStore(key)
  options.stored.push(key)
  await options.store.putStream(key, Readable.from(body()), sniffed.contentType)
  return { field, key, fileName, contentType: sniffed.contentType, kind: sniffed.kind, size, head: Buffer.concat(head) }
}

/**
 * Reads a multipart body to its end: files stored as they come (one at a time, in order), text fields
 * kept. Throws the first thing wrong — a file too large (413), of a type not taken here (400), too many
 * files or fields (400), a store that failed — and stops reading there.
 */
export async function receiveMultipart(body: ReadableStream<Uint8Array>, contentType: string, options: ReceiveOptions): Promise<ReceivedForm> {
  const hasher = requestHasher(options.method, options.path, contentType)
  // No prototype: a field may be named `constructor` or `__proto__`.
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>
  const files: ReceivedFile[] = []
  const stop = new AbortController()
  let failure: { error: unknown } | null = null
  // Aborting a pipeline that has already ended would destroy its streams again, with nobody listening.
  let piping = true
  const fail = (error: unknown) => {
    failure ??= { error }
    if (piping) stop.abort()
  }

  let busboy: Busboy.Busboy
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      // One more than a request may hold, so the handler can say how many are allowed.
      limits: { files: MAX_FILES_PER_UPLOAD + 2, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES },
    })
  } catch {
    throw new Invalid('The upload could not be read.')
  }
  let work: Promise<void> = Promise.resolve()
  busboy.on('field', (name, value, info) => {
    if (info.valueTruncated) return fail(new Invalid('This value is too long.', { field: name }))
    ;(fields[name] ??= []).push(value)
  })
  busboy.on('file', (name, stream, info) => {
    // A stop destroys the file being read; what went wrong is already known (failure), not this echo.
    stream.on('error', () => undefined)
    // Files are stored one after another; busboy holds the next until this one is read (backpressure).
    work = work.then(async () => {
      if (failure) return void stream.resume()
      try {
        files.push(await storeFile(options, name, info.filename ?? '', stream, fields))
      } catch (error) {
        stream.resume()
        fail(error)
      }
    })
  })
  busboy.on('filesLimit', () => fail(new Invalid(`Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`)))
  busboy.on('fieldsLimit', () => fail(new Invalid('The upload has too many fields.')))

  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hasher.update(chunk)
      done(null, chunk)
    },
  })
  try {
    try {
      await pipeline(nodeReadableOf(body), hashing, busboy, { signal: stop.signal })
    } finally {
      piping = false
    }
    await work
  } catch (error) {
    await work.catch(() => undefined)
    if (failure) throw (failure as { error: unknown }).error
    if (error instanceof Error && /Unexpected end of form|Malformed|boundary/i.test(error.message)) throw new Invalid('The upload could not be read.')
    throw bodyFailure(error)
  }
  if (failure) throw (failure as { error: unknown }).error
  return { fields, files, hash: hasher.digest() }
}
