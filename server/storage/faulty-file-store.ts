// A FileStore that fails like a full disk when told to: the fault suite (tests/faults) wraps the real
// store with it to prove uploads answer a clear 507 and the phone keeps its captures. Never used by
// server/main.ts — production has no switch that turns it on.
import { discard } from './byte-streams.ts'
import type { FileStore } from './storage.ts'

export interface FileStoreFaults {
  /** While true, every write fails with ENOSPC, as the disk store does when the volume is full. */
  fullDisk?: () => boolean
}

/** The error Node's fs gives for a write to a full volume. */
export function noSpaceError(): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error('ENOSPC: no space left on device, write')
  error.code = 'ENOSPC'
  error.errno = -28
  error.syscall = 'write'
  return error
}

export function faultyFileStore(inner: FileStore, faults: FileStoreFaults): FileStore {
  return {
    async put(key, bytes, contentType) {
      if (faults.fullDisk?.()) throw noSpaceError()
      return inner.put(key, bytes, contentType)
    },
    async putStream(key, body, contentType, options) {
      if (faults.fullDisk?.()) {
        discard(body)
        throw noSpaceError()
      }
      return inner.putStream(key, body, contentType, options)
    },
    get: (key) => inner.get(key),
    getStream: (key, options) => inner.getStream(key, options),
    delete: (key) => inner.delete(key),
    resumable: inner.resumable,
  }
}
