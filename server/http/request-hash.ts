// What makes two requests "the same" for an Idempotency-Key: method, path and body — hashed as the
// body streams in, so an upload is never held whole to be hashed. A multipart body is hashed with its
// boundary taken out, because a browser picks a new random boundary each time a retry rebuilds the
// FormData: the same files and fields must still count as the same request.
import { createHash } from 'node:crypto'

/** Stands where each boundary delimiter was. */
const MARK = Buffer.from('\0--boundary\0')

export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\//i.test(contentType)) return null
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  return match?.[1] ?? match?.[2] ?? null
}

export interface RequestHasher {
  update(chunk: Uint8Array): void
  digest(): string
}

/**
 * A hasher fed the body chunk by chunk. A delimiter split across two chunks is still found: the last
 * few bytes of each chunk (fewer than a delimiter) wait for the next one before they are hashed.
 */
export function requestHasher(method: string, path: string, contentType?: string): RequestHasher {
  const hash = createHash('sha256').update(`${method}\n${path}\n`)
  const boundary = boundaryOf(contentType)
  if (!boundary) return { update: (chunk) => void hash.update(chunk), digest: () => hash.digest('hex') }
  const delimiter = Buffer.from(`--${boundary}`)
  let pending: Buffer = Buffer.alloc(0)
  return {
    update(chunk) {
      const buffer = pending.length === 0 ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.concat([pending, chunk])
      let start = 0
      for (let at = buffer.indexOf(delimiter, start); at !== -1; at = buffer.indexOf(delimiter, start)) {
        hash.update(buffer.subarray(start, at)).update(MARK)
        start = at + delimiter.length
      }
      const keep = Math.max(start, buffer.length - (delimiter.length - 1))
      hash.update(buffer.subarray(start, keep))
      // A copy: the chunk's memory belongs to the stream that gave it.
      pending = Buffer.from(buffer.subarray(keep))
    },
    digest() {
      hash.update(pending)
      return hash.digest('hex')
    },
  }
}

/** The hash of a whole body at once (JSON and other small bodies). */
export function requestHash(method: string, path: string, body: Uint8Array, contentType?: string): string {
  const hasher = requestHasher(method, path, contentType)
  hasher.update(body)
  return hasher.digest()
}
