// The file store as a request sees it. Deleting a file is a job (jobs/job-queue.ts) enqueued through the
// request's database handle — in an idempotent request its transaction — so a file goes only once the
// rows naming it are gone for good, and a rollback keeps both. The files a request stored are listed,
// so a rolled-back request can remove them again: no row will ever name them.
import { createHash } from 'node:crypto'
import type { FileStore } from '../storage/storage.ts'

export interface RequestFiles {
  store: FileStore
  /** Keys of the files stored through `store`. */
  written: ReadonlySet<string>
}

export function requestFiles(inner: FileStore, deleteLater: (keys: string[]) => Promise<void>): RequestFiles {
  const written = new Set<string>()
  return {
    store: {
      put: (key, bytes, contentType) => {
        written.add(key)
        return inner.put(key, bytes, contentType)
      },
      putStream: (key, body, contentType, options) => {
        written.add(key)
        return inner.putStream(key, body, contentType, options)
      },
      get: (key) => inner.get(key),
      getStream: (key, options) => inner.getStream(key, options),
      delete: (key) => deleteLater([key]),
      resumable: inner.resumable,
    },
    written,
  }
}

/**
 * Storage keys for the files of one idempotent request, the same on every retry of it: a retry after a
 * crash that came between storing a file and committing its row writes the same key again instead of
 * leaving a second, orphaned file. Keys stay unique: (user, Idempotency-Key) names one request.
 */
export function requestFileKeys(userId: string, idempotencyKey: string): (folder: string) => string {
  let ordinal = 0
  return (folder) => {
    const hex = createHash('sha256').update(`${userId}\n${idempotencyKey}\n${folder}\n${ordinal++}`).digest('hex')
    // Shaped as a UUID (version 8, "custom"), the form every storage key has.
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
    return `${folder}/${id}`
  }
}
