// Whether this device promised to keep what waits on it (issue 23). iOS Safari and WebKitGTK's
// MiniBrowser have no navigator.storage at all, and other browsers may refuse persist(): the browser may
// then clear the app's storage under pressure (Safari: after weeks unused). /sync says so, with what
// the driver can do — the app itself works the same either way.
import { useEffect, useState } from 'react'
import { m, tr } from '../../i18n/translate.ts'

export type StoragePromise = 'kept' | 'not-promised' | 'unsupported'

export const NOT_PROMISED_MESSAGE = m(
  'This browser has not promised to keep data on this device: if space runs low it may clear it. Changes waiting here are safest sent soon — open the app where there is signal.',
)
export const UNSUPPORTED_MESSAGE = m(
  'This browser cannot promise to keep data on this device (it has no persistent storage). Changes waiting here are safest sent soon — open the app where there is signal.',
)

/** What `storage` (navigator.storage) promises: persisted, asked and refused, or no way to ask. */
export async function readStoragePromise(storage: Pick<StorageManager, 'persisted'> | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage): Promise<StoragePromise> {
  if (!storage || typeof storage.persisted !== 'function') return 'unsupported'
  try {
    return (await storage.persisted()) ? 'kept' : 'not-promised'
  } catch {
    return 'not-promised'
  }
}

export function StoragePromiseNote({ read = readStoragePromise }: { read?: () => Promise<StoragePromise> }) {
  const [promise, setPromise] = useState<StoragePromise | null>(null)
  useEffect(() => {
    let live = true
    void read().then((value) => {
      if (live) setPromise(value)
    })
    return () => {
      live = false
    }
  }, [read])
  if (promise === null || promise === 'kept') return null
  return (
    <p role="note" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      {tr(promise === 'unsupported' ? UNSUPPORTED_MESSAGE : NOT_PROMISED_MESSAGE)}
    </p>
  )
}
