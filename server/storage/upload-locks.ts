// The lock tus takes around every request on one upload (HEAD, PATCH, …), shared by every instance on
// one PostgreSQL. @tus/server's own MemoryLocker holds its locks in one process: with two instances and
// no sticky sessions, a phone's resumed HEAD/PATCH that lands on the other instance while its cut PATCH
// is still draining on the first would read a stale offset and write beside it. Here the lock is a
// PostgreSQL advisory lock keyed by the upload id, held on one connection of the instance's own (not the
// pool's: a PATCH may hold its lock for minutes), and a waiter asks the holder to let go with NOTIFY, as
// MemoryLocker calls the holder's requestRelease: tus then ends the holder's request (what it received
// is kept) and the waiter goes on from there. On PGlite, one process's database, MemoryLocker is enough.
import { MemoryLocker } from '@tus/server'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils'
import pg from 'pg'

/** How long a request waits for an upload's lock before tus answers 500 (MemoryLocker's own default). */
export const UPLOAD_LOCK_TIMEOUT_MS = 30_000
/** Between tries while another instance holds the lock. */
const RETRY_MS = 100
const RELEASE_CHANNEL = 'fleetyard_upload_release'

export interface UploadLocker {
  locker: Locker
  close(): Promise<void>
}

/** One process's locks (PGlite, or a single instance). */
export function memoryUploadLocker(): UploadLocker {
  return { locker: new MemoryLocker({ acquireLockTimeout: UPLOAD_LOCK_TIMEOUT_MS }), close: async () => {} }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/** Locks shared through PostgreSQL at `url`; the connection is opened with the first lock. */
export function postgresUploadLocker(url: string, options: { timeoutMs?: number } = {}): UploadLocker {
  const timeoutMs = options.timeoutMs ?? UPLOAD_LOCK_TIMEOUT_MS
  /** Uploads this instance holds, or is asking the database for: at most one request each. */
  const local = new Map<string, { requestRelease: RequestRelease; generation: number; held: boolean }>()
  let connection: { client: pg.Client; ready: Promise<void>; generation: number } | null = null
  let generation = 0
  let closed = false

  /** The lock connection, opened (again) when needed: a lost one took every lock with it. */
  function client(): { client: pg.Client; ready: Promise<void>; generation: number } {
    if (connection) return connection
    const opened = new pg.Client({ connectionString: url })
    const mine = { client: opened, generation: ++generation, ready: Promise.resolve() }
    opened.on('notification', (message) => {
      if (message.channel !== RELEASE_CHANNEL || !message.payload) return
      const holder = local.get(message.payload)
      if (holder?.held) void holder.requestRelease()
    })
    opened.on('error', (error) => {
      console.warn(`Upload lock connection lost: ${error.message}`)
      lost(mine)
    })
    opened.on('end', () => lost(mine))
    mine.ready = opened
      .connect()
      .then(() => opened.query(`LISTEN ${RELEASE_CHANNEL}`))
      .then(() => undefined)
      .catch((error: unknown) => {
        lost(mine)
        throw error
      })
    connection = mine
    return mine
  }

  /** The connection is gone, and the database has freed its locks: the requests holding them stop. */
  function lost(which: { client: pg.Client; generation: number }) {
    if (connection !== which) return
    connection = null
    which.client.end().catch(() => undefined)
    for (const holder of local.values()) {
      if (holder.generation === which.generation && holder.held) void holder.requestRelease()
    }
  }

  const key = (id: string) => `fleetyard:upload:${id}`

  class PostgresLock implements Lock {
    private held: { generation: number } | null = null
    constructor(private readonly id: string) {}

    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const deadline = Date.now() + timeoutMs
      while (!signal.aborted && Date.now() < deadline) {
        const mine = local.get(this.id)
        if (mine) {
          // Held by another request on this instance: ask it to end, as MemoryLocker does.
          if (mine.held) await mine.requestRelease()
          await sleep(RETRY_MS, signal)
          continue
        }
        if (closed) break
        const { client: db, ready, generation: at } = client()
        // Claimed before asking: an advisory lock is re-entrant for its connection, so two requests of
        // this instance must never both ask for the same upload.
        const claim = { requestRelease, generation: at, held: false }
        local.set(this.id, claim)
        let got = false
        try {
          await ready
          const { rows } = await db.query<{ got: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as got', [key(this.id)])
          got = rows[0]?.got === true
          if (!got) await db.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, this.id])
        } catch {
          // The database could not be asked; try again until the deadline.
        }
        if (got && connection?.generation === at) {
          claim.held = true
          this.held = { generation: at }
          return
        }
        if (local.get(this.id) === claim) local.delete(this.id)
        await sleep(RETRY_MS, signal)
      }
      throw ERRORS.ERR_LOCK_TIMEOUT
    }

    async unlock(): Promise<void> {
      const held = this.held
      if (!held) throw new Error('Releasing an unlocked lock!')
      this.held = null
      local.delete(this.id)
      const current = connection
      // A lock of a lost connection was freed with it.
      if (!current || current.generation !== held.generation) return
      await current.client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key(this.id)]).catch(() => undefined)
    }
  }

  return {
    locker: { newLock: (id) => new PostgresLock(id) },
    async close() {
      closed = true
      const current = connection
      connection = null
      await current?.client.end().catch(() => undefined)
    },
  }
}
