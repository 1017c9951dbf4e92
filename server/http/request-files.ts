// Files written and deleted by a request whose database writes run in one transaction (idempotency.ts):
// a file can't join a transaction, so it follows its outcome. Files the request stored are removed
// again when the transaction rolls back; files it deleted go only once the transaction has committed,
// so a rollback never leaves a row pointing at a file that is gone.
import { createHash } from 'node:crypto'
import type { FileStore } from '../storage/storage.ts'

export interface TransactionalFiles {
  /** The store the request uses while its transaction is open. */
  store: FileStore
  /** After commit: the deletions the request asked for. Best effort — a file left behind breaks nothing. */
  committed(): Promise<void>
  /** After rollback: the files the request stored, which no row will ever name. */
  rolledBack(): Promise<void>
}

export function transactionalFiles(inner: FileStore): TransactionalFiles {
  const written = new Set<string>()
  const deletions = new Set<string>()
  const removeAll = async (keys: Iterable<string>) => {
    await Promise.allSettled([...keys].map((key) => inner.delete(key)))
  }
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
      delete: async (key) => {
        deletions.add(key)
      },
    },
    committed: () => removeAll(deletions),
    rolledBack: () => removeAll(written),
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
