// Spec §7 "Auth and user": the signed-in user, their counts, profile, password, avatar and driver licence.
// A user reads and changes only themselves; an owner may also read their own drivers. Anyone else's id
// answers 404, exactly like an id that does not exist.
import { and, count, eq, isNull, ne } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  SaveDocumentFields,
  UpdateCompanyBody,
  UpdatePasswordBody,
  UpdateLanguageBody,
  UpdateProfileBody,
  type DashboardCounts,
  type MessageResponse,
  type UserInfo,
  type UserResponse,
  type UserSavedResponse,
} from '../../core/contract/auth.ts'
import { authUserOf, findUser, userDetailsOf, userDocumentsOf, type UserRow } from '../accounts/auth-user.ts'
import { imageOf, readMultipart } from '../accounts/image-upload.ts'
import { pendingJoinRequestCount, requestToJoin } from '../accounts/join-requests.ts'
import { DUPLICATE_EMAIL_MESSAGE, PASSWORDS_DO_NOT_MATCH_MESSAGE } from '../accounts/messages.ts'
import { isUniqueViolation } from '../db/pg-error.ts'
import { hashPassword } from '../auth/password.ts'
import { requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { sessions, units, userDocuments, users } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody, parseOr400 } from '../http/validate.ts'
import type { FileStore } from '../storage/storage.ts'
import { Conflict, Invalid, NotFound } from '../domain-errors.ts'
import { openDefectCount } from '../defects/defects.ts'

const NOT_FOUND = 'User not found.'
const PROFILE_SAVED_MESSAGE = 'Profile data has been modified successfully.'

/** The path's user id, when it is the caller's own; any other id is a 404. */
function ownId(c: Context<AppEnv>): string {
  const id = idParam(c, 'id')
  if (id !== c.var.user.id) throw new NotFound(NOT_FOUND)
  return id
}

async function ownRow(c: Context<AppEnv>): Promise<UserRow> {
  const row = await findUser(c.var.deps.db, ownId(c))
  if (!row) throw new NotFound(NOT_FOUND)
  return row
}

/** The path's user when the caller may read them: themselves, or a driver of the caller's company. */
async function visibleRow(c: Context<AppEnv>): Promise<UserRow> {
  const id = idParam(c, 'id')
  const caller = c.var.user
  const row = await findUser(c.var.deps.db, id)
  const ownDriver =
    caller.role === 'owner' && caller.companyId !== null && row?.companyId === caller.companyId && row.role === 'driver'
  if (!row || (row.id !== caller.id && !ownDriver)) throw new NotFound(NOT_FOUND)
  return row
}

function ensureSameId(pathId: string, bodyId: string) {
  if (pathId !== bodyId) throw new Invalid('The id must match the user in the path.', { field: 'id' })
}

/** Units a user has in their hands: every unit of the company for an owner, their assigned units for a driver. */
async function unitCountOf(db: Db, row: UserRow): Promise<number> {
  if (!row.companyId || !row.role) return 0
  const where =
    row.role === 'owner'
      ? and(eq(units.companyId, row.companyId), isNull(units.archivedAt))
      : and(eq(units.companyId, row.companyId), eq(units.driverId, row.id))
  const [result] = await db.select({ n: count() }).from(units).where(where)
  return result?.n ?? 0
}

/** Runs the write that points a row at a newly stored file; if it fails, the new file goes again. */
async function replacingStoredFile<T>(files: FileStore, newKey: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    await files.delete(newKey).catch(() => undefined)
    throw error
  }
}

export function userRoutes() {
  const routes = new Hono<AppEnv>()
  routes.use('*', requireUser)

  routes.get('/:id', async (c) => {
    const row = await visibleRow(c)
    return c.json<UserResponse>({ user: await authUserOf(c.var.deps.db, row, c.var.deps) })
  })

  routes.get('/:id/info', async (c) => {
    const { db } = c.var.deps
    const row = await visibleRow(c)
    const [documents, unitCount] = await Promise.all([userDocumentsOf(db, row.id, c.var.deps), unitCountOf(db, row)])
    return c.json<UserInfo>({
      details: userDetailsOf(row, c.var.deps),
      role: row.role ? { name: row.role } : null,
      documents,
      units: unitCount,
    })
  })

  routes.get('/:id/dashboard-counts', async (c) => {
    const { db } = c.var.deps
    const row = await ownRow(c)
    let drivers = 0
    let joinRequests = 0
    if (row.role === 'owner' && row.companyId) {
      const [result] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, row.companyId), eq(users.role, 'driver')))
      drivers = result?.n ?? 0
      joinRequests = await pendingJoinRequestCount(db, row.companyId)
    }
    // The Defects badge (docs/decisions/011-dvir.md): the owner's open defects.
    const defects = row.role === 'owner' && row.companyId ? await openDefectCount(db, row.companyId) : 0
    return c.json<DashboardCounts>({ drivers, units: await unitCountOf(db, row), defects, joinRequests })
  })

  routes.put('/:id', async (c) => {
    const id = ownId(c)
    const body = await jsonBody(c, UpdateCompanyBody)
    const { db, now } = c.var.deps
    return c.json<MessageResponse>(await db.transaction((tx) => requestToJoin(tx, id, body.companyId, now?.() ?? new Date())))
  })

  // The language the user chose (Settings); every device of the account adopts it at its next user load.
  routes.put('/language/:id', async (c) => {
    const id = ownId(c)
    const body = await jsonBody(c, UpdateLanguageBody)
    const { db, now } = c.var.deps
    const [row] = await db
      .update(users)
      .set({ language: body.language, updatedAt: now?.() ?? new Date() })
      .where(eq(users.id, id))
      .returning()
    if (!row) throw new NotFound(NOT_FOUND)
    return c.json<UserResponse>({ user: await authUserOf(db, row, c.var.deps) })
  })

  routes.put('/update-profile/:id', async (c) => {
    const id = ownId(c)
    const body = await jsonBody(c, UpdateProfileBody)
    ensureSameId(id, body.id)
    const { db, now } = c.var.deps
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, body.email), ne(users.id, id)))
      .limit(1)
    if (taken) throw new Conflict(DUPLICATE_EMAIL_MESSAGE, { field: 'email' })
    let row: UserRow | undefined
    try {
      ;[row] = await db
        .update(users)
        .set({
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone,
          updatedAt: now?.() ?? new Date(),
        })
        .where(eq(users.id, id))
        .returning()
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(DUPLICATE_EMAIL_MESSAGE, { field: 'email' })
      throw error
    }
    if (!row) throw new NotFound(NOT_FOUND)
    return c.json<UserSavedResponse>({ message: PROFILE_SAVED_MESSAGE, user: await authUserOf(db, row, c.var.deps) })
  })

  routes.post('/update-password/:id', async (c) => {
    const id = ownId(c)
    const body = await jsonBody(c, UpdatePasswordBody)
    ensureSameId(id, body.id)
    if (body.password !== body.confirmPassword) throw new Invalid(PASSWORDS_DO_NOT_MATCH_MESSAGE, { field: 'confirmPassword' })
    const { db, now: clock, scryptCost } = c.var.deps
    const now = clock?.() ?? new Date()
    const passwordHash = await hashPassword(body.password, scryptCost)
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id))
      // Other devices signed in with the old password are signed out; this one stays.
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, id), ne(sessions.id, c.var.user.sessionId)))
    })
    return c.json<MessageResponse>({ message: 'The password has been changed successfully.' })
  })

  routes.post('/set-avatar/:id', async (c) => {
    const before = await ownRow(c)
    const image = await imageOf(await readMultipart(c))
    const { db, files, now } = c.var.deps
    const key = c.var.fileKey('avatars')
    await files.put(key, image.bytes, image.contentType)
    const { row, replaced } = await replacingStoredFile(files, key, () =>
      db.transaction(async (tx) => {
        // Locked, so the avatar removed below is the one this update really replaced.
        const [locked] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, before.id)).for('update')
        const [updated] = await tx
          .update(users)
          .set({ avatarKey: key, updatedAt: now?.() ?? new Date() })
          .where(eq(users.id, before.id))
          .returning()
        if (!updated) throw new NotFound(NOT_FOUND)
        return { row: updated, replaced: locked?.avatarKey ?? null }
      }),
    )
    if (replaced) await files.delete(replaced).catch(() => undefined)
    return c.json<UserSavedResponse>({ message: PROFILE_SAVED_MESSAGE, user: await authUserOf(db, row, c.var.deps) })
  })

  routes.post('/save-documents/:id', async (c) => {
    const row = await ownRow(c)
    const upload = await readMultipart(c)
    const { doc } = parseOr400(SaveDocumentFields, { doc: upload.fields.doc })
    const image = await imageOf(upload)
    const { db, files, now } = c.var.deps
    const key = c.var.fileKey('licences')
    await files.put(key, image.bytes, image.contentType)
    const replaced = await replacingStoredFile(files, key, () =>
      db.transaction(async (tx) => {
        // Locked, so the file removed below is the one this upsert really replaced.
        const [previous] = await tx
          .select({ fileKey: userDocuments.fileKey })
          .from(userDocuments)
          .where(and(eq(userDocuments.userId, row.id), eq(userDocuments.type, doc)))
          .for('update')
        await tx
          .insert(userDocuments)
          .values({ userId: row.id, type: doc, fileKey: key, contentType: image.contentType, createdAt: now?.() ?? new Date() })
          .onConflictDoUpdate({
            target: [userDocuments.userId, userDocuments.type],
            set: { fileKey: key, contentType: image.contentType, createdAt: now?.() ?? new Date() },
          })
        return previous?.fileKey ?? null
      }),
    )
    if (replaced) await files.delete(replaced).catch(() => undefined)
    return c.json<UserSavedResponse>({
      message: 'Driver licence has been saved successfully.',
      user: await authUserOf(db, row, c.var.deps),
    })
  })

  return routes
}
