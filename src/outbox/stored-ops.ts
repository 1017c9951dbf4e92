// How many ops the device's outbox database holds, read with IndexedDB itself instead of Dexie: the
// shell asks this at start to decide whether the outbox must run (outbox-in-use.ts), and loading Dexie
// just to hear "none" would cost what this is meant to save. It only reads: a database that does not
// exist yet is not created here (Dexie creates it, with its schema, on first use).

/** The device's outbox database; outbox-db.ts opens it with Dexie under this name. */
export const OUTBOX_DB_NAME = 'fleetyard-outbox'
/** Dexie's table of queued ops (outbox-db.ts). */
const OPS_STORE = 'ops'

/**
 * Ops stored on this device, whoever made them and whatever their state (a refused one still needs the
 * user's eyes). Rejects when IndexedDB cannot be read, so a caller can err on the side of loading the
 * outbox.
 */
export function countStoredOps(factory: IDBFactory = globalThis.indexedDB, name: string = OUTBOX_DB_NAME): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name)
    let created = false
    request.onupgradeneeded = (event) => {
      // Only a database that did not exist gets here (no version asked for): leave it uncreated.
      if (event.oldVersion === 0) {
        created = true
        request.transaction?.abort()
      }
    }
    request.onerror = (event) => {
      if (created) {
        // The abort above: nothing was ever stored.
        event.preventDefault()
        resolve(0)
      } else reject(request.error ?? new Error('The outbox database could not be opened.'))
    }
    request.onblocked = () => reject(new Error('The outbox database is being upgraded.'))
    request.onsuccess = () => {
      const db = request.result
      // Never hold up an upgrade by another tab or a newer version of the app.
      db.onversionchange = () => db.close()
      if (!db.objectStoreNames.contains(OPS_STORE)) {
        db.close()
        resolve(0)
        return
      }
      try {
        const count = db.transaction(OPS_STORE, 'readonly').objectStore(OPS_STORE).count()
        count.onsuccess = () => {
          db.close()
          resolve(count.result)
        }
        count.onerror = () => {
          db.close()
          reject(count.error ?? new Error('The outbox could not be counted.'))
        }
      } catch (error) {
        db.close()
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    }
  })
}
