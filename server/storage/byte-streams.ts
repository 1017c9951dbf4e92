// The byte streams stores take and give: a body comes in as a web or Node stream, goes to a store as a
// Node Readable, and comes back out as the web ReadableStream Hono responds with.
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web'

/** A body to store: a web stream (a fetch Request's body) or a Node one (a file, a socket). */
export type ByteSource = ReadableStream<Uint8Array> | NodeJS.ReadableStream

export function nodeReadableOf(source: ByteSource): Readable {
  if (source instanceof ReadableStream) return Readable.fromWeb(source as NodeWebReadableStream<Uint8Array>)
  return source instanceof Readable ? source : new Readable().wrap(source)
}

/** Stops a body nobody will read, so its producer (a request, a file) is released. */
export function discard(source: ByteSource): void {
  if (source instanceof ReadableStream) {
    source.cancel().catch(() => undefined)
  } else if (source instanceof Readable) {
    source.destroy()
  } else {
    source.resume()
  }
}

export class SizeMismatchError extends Error {
  constructor(expected: number, received: number) {
    super(`expected ${expected} bytes but the body had ${received}`)
    this.name = 'SizeMismatchError'
  }
}

/**
 * The source's chunks, failing at the end when a size was promised and not kept — so a body cut
 * short ends in an error (and nothing stored) rather than in a shorter file.
 */
export async function* sizeChecked(source: Readable, expectedSize: number | undefined): AsyncGenerator<Uint8Array> {
  let received = 0
  for await (const chunk of source) {
    const bytes: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    received += bytes.byteLength
    if (expectedSize !== undefined && received > expectedSize) throw new SizeMismatchError(expectedSize, received)
    yield bytes
  }
  if (expectedSize !== undefined && received !== expectedSize) throw new SizeMismatchError(expectedSize, received)
}

/**
 * A Node Readable as a web ReadableStream that reads only as fast as it is read: one chunk per pull,
 * nothing queued ahead (Node 20's Readable.toWeb queues without bound — nodejs/node#47128 — and would
 * hold a whole video in memory for a slow phone). Cancelling destroys the Readable.
 */
export function webStreamOf(readable: Readable): ReadableStream<Uint8Array> {
  const chunks: AsyncIterator<Uint8Array> = readable[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      },
      async cancel() {
        await chunks.return?.()
      },
    },
    { highWaterMark: 0 },
  )
}

export function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
}
