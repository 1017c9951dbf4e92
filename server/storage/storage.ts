// Where uploaded files live. One interface; the local-disk store is the default, and the S3 store
// (s3-store.ts) is selected by env. Keys are ours (never user file names), so no path tricks reach disk.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import type { Readable } from 'node:stream'
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { resolveByteRange, type ByteRangeRequest, type ByteSpan } from './byte-range.ts'
import { discard, emptyStream, nodeReadableOf, sizeChecked, webStreamOf, type ByteSource } from './byte-streams.ts'
import { diskResumableUploads, type ResumableUploads } from './resumable-uploads.ts'

export interface StoredFile {
  bytes: Uint8Array
  contentType: string
}

export interface StoredStream {
  /** The file's bytes (or the asked range of them). Whoever gets it reads it to the end or cancels it. */
  stream: ReadableStream<Uint8Array>
  contentType: string
  /** The whole file's size in bytes. */
  size: number
  /**
   * Only when a range was asked for: the bytes the stream holds, or null when the file has none of
   * them (the stream is then empty and the answer is 416).
   */
  range?: ByteSpan | null
}

export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /**
   * Stores a body as it arrives, without holding it in memory. Nothing is visible under the key
   * until the whole body is stored; if the body or the store fails, nothing is. With `size`, a
   * body of another length fails too.
   */
  putStream(key: string, body: ByteSource, contentType: string, options?: { size?: number }): Promise<void>
  get(key: string): Promise<StoredFile | null>
  getStream(key: string, options?: { range?: ByteRangeRequest }): Promise<StoredStream | null>
  delete(key: string): Promise<void>
  /** tus uploads into this store (resumable-uploads.ts); absent where a store offers none. */
  resumable?: ResumableUploads
}

/**
 * What a store throws when what it stands on cannot be reached (an S3 endpoint down, refusing, or
 * failing): the app answers 503 and the phone's outbox tries again later.
 */
export class FileStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'FileStoreUnavailableError'
  }
}

/** A new storage key under a folder, e.g. `avatars/2f1c…`. */
export function newFileKey(folder: string): string {
  return `${folder}/${randomUUID()}`
}

const KEY_PATTERN = /^[a-z0-9-]+\/[0-9a-f-]{36}$/

export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/**
 * Streams `source` into `temp`. On a failure (a body over its limit, a broken request) it returns only
 * once the file is closed: its open may still wait in the thread pool when the source fails early on a
 * busy machine, and a temp file removed before it opens would be created after, and left behind (seen
 * as a stray `.partial` after a refused upload, under load).
 */
async function writeStreamTo(source: Readable | AsyncIterable<Uint8Array>, temp: string): Promise<void> {
  const sink = createWriteStream(temp)
  try {
    await pipeline(source, sink)
  } catch (error) {
    if (!sink.closed) await once(sink, 'close').catch(() => undefined)
    throw error
  }
}

/**
 * Files under `root/{folder}/{id}`, each with its content type beside it in `{id}.type`. Writes go to
 * temp names in the same folder and are renamed into place (type first, then bytes), so a reader sees
 * a file whole or not at all, and a failed write leaves nothing under the key.
 */
export function diskFileStore(root: string): FileStore {
  let resumable: ResumableUploads | undefined
  const fileOf = (key: string) => {
    if (!isFileKey(key)) throw new Error(`invalid file key ${key}`)
    return path.join(root, key)
  }

  const store = async (key: string, writeBytes: (temp: string) => Promise<void>, contentType: string) => {
    const file = fileOf(key)
    await mkdir(path.dirname(file), { recursive: true })
    const temp = `${file}.${randomUUID()}.partial`
    try {
      await writeBytes(temp)
      await writeFile(`${temp}.type`, contentType)
      await rename(`${temp}.type`, `${file}.type`)
      await rename(temp, file)
    } catch (error) {
      await Promise.all([rm(temp, { force: true }), rm(`${temp}.type`, { force: true })])
      throw error
    }
  }

  return {
    put: (key, bytes, contentType) => store(key, (temp) => writeFile(temp, bytes), contentType),
    async putStream(key, body, contentType, options = {}) {
      if (!isFileKey(key)) {
        discard(body)
        throw new Error(`invalid file key ${key}`)
      }
      const source = nodeReadableOf(body)
      await store(key, (temp) => writeStreamTo(sizeChecked(source, options.size), temp), contentType)
    },
    async get(key) {
      if (!isFileKey(key)) return null
      try {
        const file = fileOf(key)
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')])
        return { bytes: new Uint8Array(bytes), contentType }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async getStream(key, options = {}) {
      if (!isFileKey(key)) return null
      const file = fileOf(key)
      let contentType: string
      try {
        contentType = await readFile(`${file}.type`, 'utf8')
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
      // Opened once: the size and the bytes come from the same file even if it is replaced meanwhile.
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return null
        throw error
      })
      if (!handle) return null
      try {
        const { size } = await handle.stat()
        if (!options.range) return { stream: webStreamOf(handle.createReadStream()), contentType, size }
        const range = resolveByteRange(options.range, size)
        if (!range) {
          await handle.close()
          return { stream: emptyStream(), contentType, size, range }
        }
        return { stream: webStreamOf(handle.createReadStream({ start: range.start, end: range.end })), contentType, size, range }
      } catch (error) {
        await handle.close()
        throw error
      }
    },
    async delete(key) {
      if (!isFileKey(key)) return
      const file = fileOf(key)
      await rm(file, { force: true })
      await rm(`${file}.type`, { force: true })
      // A resumable upload's tus record, if it was never adopted.
      await rm(`${file}.json`, { force: true })
    },
    // Made on first use: tus's disk store creates its folder as it is constructed.
    get resumable() {
      return (resumable ??= diskResumableUploads(root))
    },
  }
}

/** How long a file link lasts: hours, not days (issue 17); the expiry is then rounded up to the hour. */
export const FILE_LINK_TTL_SECONDS = 2 * 3600

export interface FileUrlSigner {
  /**
   * A link to `key` for the viewer this signer is bound to (forViewer); an unbound signer throws, since
   * a link must name whose access it is checked against when used.
   */
  url(key: string, options?: { ttlSeconds?: number; download?: boolean; now?: Date }): string
  /** Whether `sig` signs (key, exp, viewer) and `exp` has not passed. */
  verify(key: string, exp: number, viewer: string, sig: string, now?: Date): boolean
  /** The same signer, making links for `userId`. */
  forViewer(userId: string): FileUrlSigner
}

/**
 * Removes the temp files of writes a killed process left (`*.partial`) under the disk store's root.
 * Only at start-up: a disk store is one instance's own, and no write of this process has begun yet.
 */
export async function removeUnfinishedWrites(root: string): Promise<number> {
  let removed = 0
  const folders = await readdir(root, { withFileTypes: true }).catch(() => [])
  for (const folder of folders) {
    if (!folder.isDirectory()) continue
    for (const name of await readdir(path.join(root, folder.name))) {
      if (!/\.partial(\.type)?$/.test(name)) continue
      await rm(path.join(root, folder.name, name), { force: true })
      removed++
    }
  }
  return removed
}

/**
 * Signed, expiring URLs for files: `/api/files/{key}?exp=…&u=…&sig=…`. The signature covers key, expiry
 * and viewer (the user the link was made for), so a URL can be shared into an <img> without a bearer
 * token but cannot be forged, extended or moved to another viewer; the files route then checks that
 * viewer's access as it is now (routes/files.ts), so a link stops working when its viewer's access ends.
 */
export function fileUrlSigner(secret: string, viewer?: string): FileUrlSigner {
  const sign = (key: string, exp: number, user: string) => createHmac('sha256', secret).update(`${key}\n${exp}\n${user}`).digest('base64url')
  return {
    url(key, options = {}) {
      if (viewer === undefined) throw new Error('a file link is made for a viewer: use fileUrls bound to the request (forViewer)')
      const now = options.now ?? new Date()
      // Rounded to the hour so the same file keeps the same URL for a while and browser caches hit.
      const hour = 3600
      const exp = Math.ceil((now.getTime() / 1000 + (options.ttlSeconds ?? FILE_LINK_TTL_SECONDS)) / hour) * hour
      const download = options.download ? '&download=1' : ''
      return `/api/files/${key}?exp=${exp}&u=${viewer}&sig=${sign(key, exp, viewer)}${download}`
    },
    verify(key, exp, user, sig, now = new Date()) {
      if (!Number.isFinite(exp) || exp * 1000 < now.getTime()) return false
      const expected = Buffer.from(sign(key, exp, user))
      const given = Buffer.from(sig)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
    forViewer: (userId) => fileUrlSigner(secret, userId),
  }
}
