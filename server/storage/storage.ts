// Where uploaded files live. One interface; the local-disk store is the default, and an S3-compatible
// one can be selected by env later. Keys are ours (never user file names), so no path tricks reach disk.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface StoredFile {
  bytes: Uint8Array
  contentType: string
}

export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredFile | null>
  delete(key: string): Promise<void>
}

/** A new storage key under a folder, e.g. `avatars/2f1c…`. */
export function newFileKey(folder: string): string {
  return `${folder}/${randomUUID()}`
}

const KEY_PATTERN = /^[a-z0-9-]+\/[0-9a-f-]{36}$/

export function isFileKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}

export function diskFileStore(root: string): FileStore {
  const fileOf = (key: string) => {
    if (!isFileKey(key)) throw new Error(`invalid file key ${key}`)
    return path.join(root, key)
  }
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, bytes)
      await writeFile(`${file}.type`, contentType)
    },
    async get(key) {
      if (!isFileKey(key)) return null
      try {
        const file = fileOf(key)
        const [bytes, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')])
        return { bytes: new Uint8Array(bytes), contentType }
      } catch {
        return null
      }
    },
    async delete(key) {
      if (!isFileKey(key)) return
      const file = fileOf(key)
      await rm(file, { force: true })
      await rm(`${file}.type`, { force: true })
    },
  }
}

/**
 * Signed, expiring URLs for files: `/api/files/{key}?exp=…&sig=…`. The signature covers key and expiry,
 * so a URL can be shared into an <img> without a bearer token but cannot be forged or extended.
 */
export function fileUrlSigner(secret: string) {
  const sign = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url')
  return {
    url(key: string, options: { ttlSeconds?: number; download?: boolean; now?: Date } = {}): string {
      const now = options.now ?? new Date()
      // Rounded to the hour so the same file keeps the same URL for a while and browser caches hit.
      const hour = 3600
      const exp = Math.ceil((now.getTime() / 1000 + (options.ttlSeconds ?? 24 * hour)) / hour) * hour
      const download = options.download ? '&download=1' : ''
      return `/api/files/${key}?exp=${exp}&sig=${sign(key, exp)}${download}`
    },
    verify(key: string, exp: number, sig: string, now: Date = new Date()): boolean {
      if (!Number.isFinite(exp) || exp * 1000 < now.getTime()) return false
      const expected = Buffer.from(sign(key, exp))
      const given = Buffer.from(sig)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
export type FileUrlSigner = ReturnType<typeof fileUrlSigner>
