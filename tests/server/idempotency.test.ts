import { readdirSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type App } from '../../server/app.ts'
import { idempotencyKeys, inspections, media } from '../../server/db/schema.ts'
import { diskFileStore, type FileStore } from '../../server/storage/storage.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let disk: FileStore

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  disk = diskFileStore(path.join(ctx.dataDir, 'files'))
})
afterAll(() => ctx.close())

/** Another app process on the same database and files — a restart, or one with a different file store. */
function appOn(files: FileStore = disk): App {
  return ctx.instance({ files }).app
}

interface SendOptions {
  token?: string
  key?: string
  json?: unknown
  form?: FormData
}

function requestOf(method: string, apiPath: string, options: SendOptions): Request {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.key !== undefined) headers['idempotency-key'] = options.key
  let body: BodyInit | undefined = options.form
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  return new Request(`http://localhost/api${apiPath}`, { method, headers, body })
}

async function send(app: App, method: string, apiPath: string, options: SendOptions = {}) {
  const response = await app.request(requestOf(method, apiPath, options))
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers }
}

const storedFiles = () => {
  try {
    return readdirSync(path.join(ctx.dataDir, 'files', 'media')).filter((name) => !name.endsWith('.type'))
  } catch {
    return []
  }
}

async function newDraft() {
  const unit = await makeUnit(ctx.db, owner.companyId)
  const created = await ctx.call('POST', '/inspection', {
    token: owner.token,
    json: { type: 'inspection', company_id: owner.companyId, user_id: owner.id, unit_id: unit.id },
  })
  return { unitId: unit.id, draftId: created.body.body._id as string }
}

const photoForm = (draftId: string, name = 'door.jpg') =>
  uploadForm({ type: 'inspection', company_id: owner.companyId, inspection_id: draftId }, [{ bytes: jpegBytes(640, 480), name }])

const mediaOf = (draftId: string) => ctx.db.select().from(media).where(eq(media.inspectionId, draftId))

describe('replaying a stored response', () => {
  test('a retried upload gets the first response again and stores nothing twice, even with a new multipart boundary', async () => {
    const { unitId, draftId } = await newDraft()
    const filesBefore = storedFiles().length
    const upload = `/inspection/photo-inspection/${unitId}`
    const first = await send(ctx.app, 'POST', upload, { token: owner.token, key: 'op-upload-1', form: photoForm(draftId) })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()

    // A retry rebuilds the FormData, and the browser picks a new boundary for it.
    const retryForm = photoForm(draftId)
    const boundaries = [photoForm(draftId), retryForm].map((form) => requestOf('POST', upload, { form }).headers.get('content-type'))
    expect(boundaries[0]).not.toBe(boundaries[1])
    const retry = await send(ctx.app, 'POST', upload, { token: owner.token, key: 'op-upload-1', form: retryForm })
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body).toEqual(first.body)
    expect(await mediaOf(draftId)).toHaveLength(1)
    expect(storedFiles()).toHaveLength(filesBefore + 1)
  })

  test('a retried create answers the stored 201 instead of resuming, and makes one draft', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId)
    const json = { type: 'reserve', company_id: owner.companyId, user_id: owner.id, unit_id: unit.id }
    const first = await send(ctx.app, 'POST', '/inspection', { token: owner.token, key: 'op-create-1', json })
    const retry = await send(ctx.app, 'POST', '/inspection', { token: owner.token, key: 'op-create-1', json })
    expect(first.status).toBe(201)
    expect(retry.status).toBe(201)
    expect(retry.body).toEqual(first.body)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(await ctx.db.select().from(inspections).where(eq(inspections.unitId, unit.id))).toHaveLength(1)
  })

  test('a stored client error is repeated as it was', async () => {
    const { draftId } = await newDraft()
    const first = await send(ctx.app, 'PUT', `/inspection/${draftId}`, { token: owner.token, key: 'op-bad-step', json: { currentStep: 12 } })
    const retry = await send(ctx.app, 'PUT', `/inspection/${draftId}`, { token: owner.token, key: 'op-bad-step', json: { currentStep: 12 } })
    expect(first.status).toBe(400)
    expect(retry.status).toBe(400)
    expect(retry.body).toEqual(first.body)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
  })

  test('the stored response is replayed by a restarted server on the same database', async () => {
    const { draftId } = await newDraft()
    const json = { id: draftId, description: 'Before restart', currentStep: 1 }
    const first = await send(ctx.app, 'PUT', `/inspection/${draftId}`, { token: owner.token, key: 'op-restart', json })
    // Someone changes the draft meanwhile; the replay must still be the first answer, not a re-run.
    await send(ctx.app, 'PUT', `/inspection/${draftId}`, { token: owner.token, json: { description: 'Changed later' } })
    const restarted = appOn()
    const retry = await send(restarted, 'PUT', `/inspection/${draftId}`, { token: owner.token, key: 'op-restart', json })
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.description).toBe('Changed later')
  })
})

describe('refusing what cannot be replayed', () => {
  test('the same key with a different body is a 422', async () => {
    const { draftId } = await newDraft()
    await send(ctx.app, 'PUT', `/inspection/${draftId}`, { token: owner.token, key: 'op-reused', json: { description: 'one' } })
    const reused = await send(ctx.app, 'PUT', `/inspection/${draftId}`, { token: owner.token, key: 'op-reused', json: { description: 'two' } })
    expect(reused.status).toBe(422)
    expect(reused.body.message).toEqual(expect.any(String))
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.description).toBe('one')
  })

  test('a retry while the first request is still being handled waits for it and answers with its reply', async () => {
    const { unitId, draftId } = await newDraft()
    let entered!: () => void
    let release!: () => void
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve))
    const gate = new Promise<void>((resolve) => (release = resolve))
    // Held inside the first request's transaction, after its handler: its claim is taken and not yet committed.
    const slowApp = ctx.instance({
      beforeReplyStored: async () => {
        entered()
        await gate
      },
    }).app
    const upload = `/inspection/photo-inspection/${unitId}`
    const firstPending = send(slowApp, 'POST', upload, { token: owner.token, key: 'op-slow', form: photoForm(draftId) })
    await handlerEntered
    // The duplicate waits on the first one's claim instead of running the handler a second time.
    const concurrentPending = send(slowApp, 'POST', upload, { token: owner.token, key: 'op-slow', form: photoForm(draftId) })
    release()
    const [first, concurrent] = await Promise.all([firstPending, concurrentPending])
    expect(first.status).toBe(201)
    expect(concurrent.status).toBe(201)
    expect(concurrent.body).toEqual(first.body)
    expect(concurrent.headers.get('idempotent-replayed')).toBe('true')
    expect(await mediaOf(draftId)).toHaveLength(1)
  })

  test('a failed first attempt releases the key so the retry runs again', async () => {
    const { unitId, draftId } = await newDraft()
    const filesBefore = storedFiles().length
    const failingApp = appOn({
      ...disk,
      putStream: async () => {
        throw new Error('disk full')
      },
    })
    const upload = `/inspection/photo-inspection/${unitId}`
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const failed = await send(failingApp, 'POST', upload, { token: owner.token, key: 'op-fails-once', form: photoForm(draftId) })
      expect(failed.status).toBe(500)
      expect(logged).toHaveBeenCalledTimes(1)
    } finally {
      logged.mockRestore()
    }
    const claims = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, 'op-fails-once'), eq(idempotencyKeys.userId, owner.id)))
    expect(claims).toHaveLength(0)

    const retry = await send(ctx.app, 'POST', upload, { token: owner.token, key: 'op-fails-once', form: photoForm(draftId) })
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(await mediaOf(draftId)).toHaveLength(1)
    expect(storedFiles()).toHaveLength(filesBefore + 1)
  })

  test('a failure after the handler and before the reply is stored leaves no row, no file and no claim', async () => {
    const { unitId, draftId } = await newDraft()
    const filesBefore = storedFiles().length
    const crashing = ctx.instance({
      beforeReplyStored: async () => {
        throw new Error('the database connection dropped')
      },
    }).app
    const upload = `/inspection/photo-inspection/${unitId}`
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const failed = await send(crashing, 'POST', upload, { token: owner.token, key: 'op-crash-before-reply', form: photoForm(draftId) })
      expect(failed.status).toBe(500)
    } finally {
      logged.mockRestore()
    }
    expect(await mediaOf(draftId)).toHaveLength(0)
    expect(storedFiles()).toHaveLength(filesBefore)
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'op-crash-before-reply'))).toHaveLength(0)

    // The retry runs at once — no claim of a dead request stands in its way — and stores it once.
    const retry = await send(ctx.app, 'POST', upload, { token: owner.token, key: 'op-crash-before-reply', form: photoForm(draftId) })
    expect(retry.status).toBe(201)
    expect(await mediaOf(draftId)).toHaveLength(1)
    expect(storedFiles()).toHaveLength(filesBefore + 1)
  })

  test('a file stored by a request that died before committing is removed by the leftover job; the retry stores the photo once', async () => {
    const { unitId, draftId } = await newDraft()
    const upload = `/inspection/photo-inspection/${unitId}`
    const written: string[] = []
    // As a process killed mid-request: the file reached the disk, the transaction never committed and
    // nothing ran after it (no cleanup).
    const killed = appOn({
      ...disk,
      putStream: async (key, body, contentType, options) => {
        await disk.putStream(key, body, contentType, options)
        written.push(key)
        throw new Error('killed')
      },
      delete: async () => undefined,
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await send(killed, 'POST', upload, { token: owner.token, key: 'op-killed', form: photoForm(draftId) })
    } finally {
      logged.mockRestore()
    }
    expect(storedFiles()).toContain(path.basename(written[0]!))
    const retry = await send(ctx.app, 'POST', upload, { token: owner.token, key: 'op-killed', form: photoForm(draftId) })
    expect(retry.status).toBe(201)
    const rows = await mediaOf(draftId)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.fileKey).not.toBe(written[0])

    // A day later the job enqueued before each file was stored removes the one no capture names.
    await ctx.database.executeSql(`update pgboss.job set start_after = now() where name = 'files.delete-unreferenced'`)
    await ctx.runJobs()
    expect(storedFiles()).not.toContain(path.basename(written[0]!))
    expect(storedFiles()).toContain(path.basename(rows[0]!.fileKey))
  })
})

describe('scope of keys', () => {
  test('keys belong to one user: another user’s same key runs their own request', async () => {
    const other = await ctx.owner()
    const mine = await makeUnit(ctx.db, owner.companyId)
    const theirs = await makeUnit(ctx.db, other.companyId)
    const create = (who: typeof owner, unitId: string) =>
      send(ctx.app, 'POST', '/inspection', {
        token: who.token,
        key: 'op-shared-key',
        json: { type: 'inspection', company_id: who.companyId, user_id: who.id, unit_id: unitId },
      })
    const first = await create(owner, mine.id)
    const second = await create(other, theirs.id)
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect((second.body.body as { _id: string })._id).not.toBe((first.body.body as { _id: string })._id)
  })

  test('a key over 200 characters is a 400', async () => {
    const { draftId } = await newDraft()
    const response = await send(ctx.app, 'PUT', `/inspection/${draftId}`, { token: owner.token, key: 'k'.repeat(201), json: {} })
    expect(response.status).toBe(400)
    expect(response.body.message).toEqual(expect.any(String))
  })

  test('requests without a session pass through untouched and store nothing', async () => {
    const response = await send(ctx.app, 'POST', '/inspection', { key: 'op-anonymous', json: {} })
    expect(response.status).toBe(401)
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'op-anonymous'))).toHaveLength(0)
  })

  test('reads ignore the key', async () => {
    const { unitId } = await newDraft()
    const first = await send(ctx.app, 'GET', `/inspection/${unitId}/all`, { token: owner.token, key: 'op-read' })
    const second = await send(ctx.app, 'GET', `/inspection/${unitId}/all`, { token: owner.token, key: 'op-read' })
    expect(first.status).toBe(200)
    expect(second.headers.get('idempotent-replayed')).toBeNull()
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'op-read'))).toHaveLength(0)
  })
})
