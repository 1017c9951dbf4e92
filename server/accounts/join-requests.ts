// Joining a company waits for its owner (issue 17). Signing up through a company's link or applying from
// onboarding makes a request; the asker keeps no company — so every company-scoped route refuses them —
// until the owner approves, which makes them the company's driver. Invitations, which the owner sent,
// still join at once (routes/auth.ts). An owner can also remove a driver: their access ends at once.
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import type { JoinRequest, OwnJoinRequest } from '../../core/contract/auth.ts'
import type { Db } from '../db/client.ts'
import { companies, joinRequests, notifications, sessions, units, users } from '../db/schema.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { recordUnitStatus } from '../units/unit-status.ts'
import { Conflict, NotFound } from '../domain-errors.ts'
import { activeCompany } from './membership.ts'

const ALREADY_MEMBER = 'You already belong to a company.'
const REQUEST_NOT_FOUND = 'This request was not found: it may have been withdrawn or answered already.'

export const requestSentMessage = (companyName: string) =>
  `Your request to join ${companyName} has been sent. You can use it once the owner approves.`

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim()

/**
 * Asks to join `companyId` as a driver, for a user who has no company yet; a request they made before
 * (waiting or declined) is replaced. Call inside a transaction with the user's creation, when there is one.
 */
export async function requestToJoin(db: Db, userId: string, companyId: string, now: Date): Promise<{ message: string }> {
  const company = await activeCompany(db, companyId)
  const [user] = await db.select({ companyId: users.companyId, role: users.role }).from(users).where(eq(users.id, userId)).for('update')
  if (!user) throw new NotFound('User not found.')
  if (user.companyId || user.role) throw new Conflict(ALREADY_MEMBER)
  await db
    .insert(joinRequests)
    .values({ userId, companyId: company._id, status: 'pending', createdAt: now })
    .onConflictDoUpdate({ target: joinRequests.userId, set: { companyId: company._id, status: 'pending', createdAt: now, decidedAt: null } })
  return { message: requestSentMessage(company.name) }
}

/** The user's own request, for the app to show while they wait (or that it was declined). */
export async function ownJoinRequest(db: Db, userId: string): Promise<OwnJoinRequest | null> {
  const [row] = await db
    .select({ status: joinRequests.status, _id: companies.id, name: companies.name, slug: companies.slug })
    .from(joinRequests)
    .innerJoin(companies, eq(companies.id, joinRequests.companyId))
    .where(eq(joinRequests.userId, userId))
    .limit(1)
  if (!row) return null
  return { status: row.status, company: { _id: row._id, name: row.name, slug: row.slug } }
}

/** Withdraws the user's own request; none is a 404. */
export async function withdrawJoinRequest(db: Db, userId: string): Promise<void> {
  const removed = await db.delete(joinRequests).where(eq(joinRequests.userId, userId)).returning({ id: joinRequests.id })
  if (removed.length === 0) throw new NotFound('You have no request to join a company.')
}

const pendingOf = (companyId: string) => and(eq(joinRequests.companyId, companyId), eq(joinRequests.status, 'pending'))

/** The company's pending requests, oldest first. */
export async function pendingJoinRequests(db: Db, companyId: string): Promise<JoinRequest[]> {
  const rows = await db
    .select({
      _id: joinRequests.id,
      createdAt: joinRequests.createdAt,
      user: { _id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone, email: users.email },
    })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .where(pendingOf(companyId))
    .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id))
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

export async function pendingJoinRequestCount(db: Db, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(joinRequests).where(pendingOf(companyId))
  return row?.n ?? 0
}

/** A pending request of the company, locked so an approve and a decline cannot both answer it. */
async function lockedPending(db: Db, companyId: string, requestId: string) {
  const [found] = await db
    .select({ request: joinRequests, user: users, companyName: companies.name })
    .from(joinRequests)
    .innerJoin(users, eq(users.id, joinRequests.userId))
    .innerJoin(companies, eq(companies.id, joinRequests.companyId))
    .where(and(eq(joinRequests.id, requestId), pendingOf(companyId)))
    .for('update', { of: joinRequests })
  if (!found) throw new NotFound(REQUEST_NOT_FOUND)
  return found
}

/** The owner's yes: the asker becomes the company's driver, and is told by mail. */
export async function approveJoinRequest(db: Db, jobs: JobQueue, companyId: string, requestId: string, now: Date): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { request, user, companyName } = await lockedPending(tx, companyId, requestId)
    // Guarded in the UPDATE itself: someone who has meanwhile joined or created a company stays there.
    const moved = await tx
      .update(users)
      .set({ role: 'driver', companyId, isNewUser: false, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.companyId), isNull(users.role)))
      .returning({ id: users.id })
    await tx.delete(joinRequests).where(eq(joinRequests.id, request.id))
    if (moved.length === 0) throw new Conflict(`${fullName(user)} already belongs to a company.`)
    await jobs.enqueue(tx, 'mail.join-decision', { email: user.email, companyName, approved: true })
    return { message: `${fullName(user)} is now a driver of ${companyName}.` }
  })
}

/** The owner's no: the asker is told (in the app and by mail) and may apply elsewhere. */
export async function rejectJoinRequest(db: Db, jobs: JobQueue, companyId: string, requestId: string, now: Date): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const { request, user, companyName } = await lockedPending(tx, companyId, requestId)
    await tx.update(joinRequests).set({ status: 'declined', decidedAt: now }).where(eq(joinRequests.id, request.id))
    await jobs.enqueue(tx, 'mail.join-decision', { email: user.email, companyName, approved: false })
    return { message: `The request from ${fullName(user)} was rejected.` }
  })
}

/**
 * Takes a driver out of the company at once: they are back to choosing a company, every session they
 * have ends, units in their hands become Available (with a History entry), and the company's
 * notifications to them go. What they did stays: their inspections and pre-trips are the company's record.
 */
export async function removeDriver(
  db: Db,
  removal: { companyId: string; driverId: string; ownerId: string; now: Date },
): Promise<{ message: string }> {
  const { companyId, driverId, ownerId, now } = removal
  return db.transaction(async (tx) => {
    const [driver] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, driverId), eq(users.companyId, companyId), eq(users.role, 'driver')))
      .for('update')
    if (!driver) throw new NotFound('Driver not found.')
    await tx.update(users).set({ role: null, companyId: null, isNewUser: true, updatedAt: now }).where(eq(users.id, driver.id))
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, driver.id), isNull(sessions.revokedAt)))
    const held = await tx
      .select({ id: units.id, status: units.status })
      .from(units)
      .where(and(eq(units.companyId, companyId), eq(units.driverId, driver.id)))
      .for('update')
    for (const unit of held) {
      if (unit.status === 'Assigned to Driver') {
        await recordUnitStatus(tx, {
          unitId: unit.id,
          status: 'Available',
          performedBy: ownerId,
          notes: `${fullName(driver)} was removed from the company.`,
          driverId: null,
        })
      } else {
        await tx.update(units).set({ driverId: null }).where(eq(units.id, unit.id))
      }
    }
    await tx.delete(notifications).where(and(eq(notifications.userId, driver.id), eq(notifications.companyId, companyId)))
    return { message: `${fullName(driver)} was removed from the company.` }
  })
}
