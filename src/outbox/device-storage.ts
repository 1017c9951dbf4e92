// The device's storage budget: asking the browser to keep our data, and turning a full disk into a
// message the user can act on.
import type { OutboxDb } from './outbox-db.ts'
import { m } from '../i18n/translate.ts'

export const OUT_OF_SPACE_MESSAGE = m('This device is out of storage space. Free some space — nothing you already captured was lost.')

/** IndexedDB's quota error, whether raw or wrapped by Dexie (which keeps the original as `inner`). */
export function isQuotaError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    if ((current as { name?: unknown }).name === 'QuotaExceededError') return true
    current = (current as { inner?: unknown }).inner
  }
  return false
}

/** Runs a storage write; a full disk becomes the user-facing error, anything else passes through. */
export async function withStorageErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isQuotaError(error)) throw new Error(OUT_OF_SPACE_MESSAGE, { cause: error })
    throw error
  }
}

let persistRequested: Promise<boolean | null> | null = null

/**
 * Asks the browser not to evict our data, the first time a draft holds media (design.md §5). Resolves
 * null where the API is missing; the app works the same when persistence is refused.
 */
export function persistIfMedia(db: OutboxDb): Promise<boolean | null> {
  if (persistRequested) return persistRequested
  const request = (async () => {
    const withMedia = await db.drafts.filter((draft) => draft.media.length > 0).first()
    if (!withMedia) return null
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
    if (!storage || typeof storage.persist !== 'function') return null
    return storage.persist()
  })()
  persistRequested = request
  // Only a request actually made counts; with no media yet, the next capture asks again.
  void request.then(
    (outcome) => {
      if (outcome === null) persistRequested = null
    },
    () => {
      persistRequested = null
    },
  )
  return request
}
