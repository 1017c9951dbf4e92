// The life of a draft, shared by /inspection (owner: assign to driver, reserve) and /pre-inspection
// (driver): create or resume, save a step, finish with its effect on the unit, cancel.
import { and, eq, isNull } from 'drizzle-orm'
import {
  FINISHED_STEP,
  type CreateDraftResponse,
  type Draft,
  type DeleteDraftBody,
} from '../../core/contract/inspections.ts'
import type { Db } from '../db/client.ts'
import { inspectionItems, inspections, media, unitStatusEvents, units, users, type InspectionKind, type UnitStatus } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import type { FileStore } from '../storage/storage.ts'
import { ownDraft, requireSelf, unitForCaller, type DraftRow } from './scope.ts'
import { draftOf, loadDraft } from './serialize.ts'
import { decodeSignature, sameBytes, type Signature } from './signature.ts'
import { Conflict, Invalid, Refused } from '../domain-errors.ts'
import { SIGNATURE_REQUIRED_MESSAGE } from '../../core/contract/dvir.ts'
import { finishReport } from './report-finish.ts'
import { signedAtOf } from './dvir.ts'
import { requireNotArchived } from '../units/unit-access.ts'

/**
 * Starts a draft, or resumes the caller's unfinished one of that kind on that unit: a new draft is
 * `status: 'success'` (201), a resumed one `status: 'fail'` with what was saved (200, spec §4).
 */
export async function createOrResumeDraft(
  db: Db,
  user: SessionUser,
  request: { type: InspectionKind; company_id: string; user_id: string; unit_id: string },
  now: Date,
): Promise<{ created: boolean; response: CreateDraftResponse }> {
  requireSelf(user, request.user_id)
  const unit = requireNotArchived(await unitForCaller(db, user, request.unit_id, request.company_id))
  const [inserted] = await db
    .insert(inspections)
    .values({ kind: request.type, companyId: unit.companyId, authorId: user.id, unitId: unit.id, createdAt: now, updatedAt: now })
    // The partial unique index allows one open draft per (kind, unit, author); losing that race is a resume.
    .onConflictDoNothing()
    .returning()
  if (inserted) return { created: true, response: { status: 'success', body: draftOf(inserted, []) } }

  const [open] = await db
    .select()
    .from(inspections)
    .where(
      and(
        eq(inspections.kind, request.type),
        eq(inspections.unitId, unit.id),
        eq(inspections.authorId, user.id),
        isNull(inspections.finishedAt),
      ),
    )
  if (!open) throw new Conflict('The inspection changed meanwhile. Please try again.')
  return { created: false, response: { status: 'fail', body: await loadDraft(db, open) } }
}

export interface DraftChanges {
  id?: string | undefined
  description?: string | undefined
  currentStep?: number | undefined
  /** 'inspection' and 'reserve' only. */
  signature?: string | null | undefined
  to_user_id?: string | null | undefined
  /** 'pre-inspection' only: the odometer reading (issue 15). */
  odometer?: number | null | undefined
  /** 'pre-inspection' only: when the driver signed (the device's clock), sent with the finish. */
  signed_at?: string | undefined
  /** 'pre-inspection' only: the checklist's item names; on the finish, those without a result are recorded OK. */
  checklist?: string[] | undefined
}

const selectDriver = () => new Invalid('Select a driver.')

/** A driver of the company, or 400 'Select a driver.'. */
async function driverOfCompany(db: Db, companyId: string, userId: string) {
  const [driver] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.role, 'driver')))
  if (!driver) throw selectDriver()
  return driver
}

/** The status finishing a draft of each kind gives its unit; a pre-trip leaves the unit as it is. */
const FINISH_EFFECT: Record<InspectionKind, { status: UnitStatus } | null> = {
  inspection: { status: 'Assigned to Driver' },
  reserve: { status: 'Reserved' },
  'pre-inspection': null,
}

/** A finished draft only accepts the values it already has: a repeated finish is harmless, a change is not. */
function matchesFinished(draft: DraftRow, changes: DraftChanges, signature: Signature | null | undefined): boolean {
  if (changes.description !== undefined && changes.description !== draft.description) return false
  if (changes.currentStep !== undefined && changes.currentStep !== draft.currentStep) return false
  if (changes.to_user_id !== undefined && changes.to_user_id !== draft.toUserId) return false
  if (changes.odometer !== undefined && changes.odometer !== draft.odometer) return false
  if (signature !== undefined && !sameBytes(signature?.bytes ?? null, draft.signature)) return false
  return true
}

/**
 * The report's own fields of a finished pre-trip: a signing time that would resolve to another time
 * than the one kept (as the finish resolved it), or a checklist naming an item the report has no result
 * for, would have changed an open draft — on a finished report it is a change refused, never ignored.
 */
async function matchesFinishedReport(db: Db, draft: DraftRow, finishedAt: Date, changes: DraftChanges): Promise<boolean> {
  if (changes.signed_at !== undefined) {
    if (!draft.signedAt || signedAtOf(changes.signed_at, finishedAt).getTime() !== draft.signedAt.getTime()) return false
  }
  if (changes.checklist !== undefined && changes.checklist.length > 0) {
    const recorded = new Set((await db.select({ item: inspectionItems.item }).from(inspectionItems).where(eq(inspectionItems.inspectionId, draft.id))).map((row) => row.item))
    if (changes.checklist.some((name) => name.trim().length > 0 && !recorded.has(name.trim()))) return false
  }
  return true
}

/**
 * Saves a step (PUT). With currentStep FINISHED_STEP it finishes: the draft, the unit's new status and
 * driver, and the History entry are written in one transaction — all or nothing.
 */
export async function updateDraft(
  db: Db,
  user: SessionUser,
  draftId: string,
  changes: DraftChanges,
  kinds: readonly InspectionKind[],
  now: Date,
): Promise<Draft> {
  if (changes.id !== undefined && changes.id !== draftId) {
    throw new Invalid('The id in the body does not match the inspection.')
  }
  const { draft, unit } = await ownDraft(db, user, draftId, kinds)
  const signature =
    changes.signature === undefined ? undefined : changes.signature === null ? null : await decodeSignature(changes.signature)
  const recipient =
    changes.to_user_id === undefined || changes.to_user_id === null
      ? null
      : await driverOfCompany(db, draft.companyId, changes.to_user_id)

  if (draft.finishedAt) {
    if (!matchesFinished(draft, changes, signature) || !(await matchesFinishedReport(db, draft, draft.finishedAt, changes))) {
      throw new Conflict('This inspection is already finished.')
    }
    return loadDraft(db, draft)
  }
  // §396.11: a driver's report is signed; the signature may come with the finish or before it.
  if (draft.kind === 'pre-inspection' && changes.currentStep === FINISHED_STEP && !(signature === undefined ? draft.signature : signature)) {
    throw new Invalid(SIGNATURE_REQUIRED_MESSAGE)
  }

  const values: Partial<typeof inspections.$inferInsert> = { updatedAt: now }
  if (changes.description !== undefined) values.description = changes.description
  if (changes.currentStep !== undefined) values.currentStep = changes.currentStep
  if (changes.to_user_id !== undefined) values.toUserId = changes.to_user_id
  if (changes.odometer !== undefined) values.odometer = changes.odometer
  if (signature !== undefined) {
    values.signature = signature?.bytes ?? null
    values.signatureContentType = signature?.contentType ?? null
  }

  if (changes.currentStep !== FINISHED_STEP) {
    const [saved] = await db
      .update(inspections)
      .set(values)
      .where(and(eq(inspections.id, draft.id), isNull(inspections.finishedAt)))
      .returning()
    if (!saved) throw new Conflict('This inspection is already finished.')
    return loadDraft(db, saved)
  }

  const effect = FINISH_EFFECT[draft.kind]
  let driver: Awaited<ReturnType<typeof driverOfCompany>> | null = null
  if (draft.kind === 'inspection') {
    // The driver chosen in this request, else the one saved when step 1 was left.
    const driverId = changes.to_user_id === undefined ? draft.toUserId : changes.to_user_id
    if (!driverId) throw selectDriver()
    driver = recipient ?? (await driverOfCompany(db, draft.companyId, driverId))
  }

  const finished = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(inspections)
      .set({ ...values, finishedAt: now })
      .where(and(eq(inspections.id, draft.id), isNull(inspections.finishedAt)))
      .returning()
    if (!saved) throw new Conflict('This inspection is already finished.')
    if (effect) {
      // Only an Available unit can be handed over (spec §4); checked in the update itself, so two
      // finishes racing for one unit cannot both win.
      const [changed] = await tx
        .update(units)
        .set({
          status: effect.status,
          ...(driver ? { driverId: driver.id } : {}),
          updatedAt: now,
        })
        .where(and(eq(units.id, unit.id), eq(units.status, 'Available')))
        .returning({ id: units.id })
      if (!changed) {
        throw new Conflict(`A unit that is ${unit.status} cannot become ${effect.status}.`)
      }
      await tx.insert(unitStatusEvents).values({
        unitId: unit.id,
        status: effect.status,
        performedBy: user.id,
        notes: driver ? `Assigned to ${`${driver.firstName} ${driver.lastName}`.trim()}` : 'Assigned to Rent',
        createdAt: now,
      })
    }
    if (draft.kind === 'pre-inspection') {
      return finishReport(tx, saved, { user, checklist: changes.checklist ?? [], signedAt: changes.signed_at, now })
    }
    return saved
  })
  return loadDraft(db, finished)
}

/**
 * Cancels a draft (POST …/delete): removes it with its media rows and files. A draft that is already
 * gone answers as deleted — the retried cancel of a lost response is harmless; a finished one is 409.
 */
export async function deleteDraft(
  db: Db,
  files: FileStore,
  user: SessionUser,
  request: DeleteDraftBody,
  kinds: readonly InspectionKind[],
): Promise<void> {
  requireSelf(user, request.user_id)
  if (!(kinds as readonly string[]).includes(request.type)) {
    throw new Invalid('Invalid inspection type.')
  }
  const unit = await unitForCaller(db, user, request.unit_id, request.company_id)
  const [draft] = await db
    .select()
    .from(inspections)
    .where(
      and(
        eq(inspections.id, request.inspectionId),
        eq(inspections.companyId, unit.companyId),
        eq(inspections.unitId, unit.id),
        eq(inspections.kind, request.type as InspectionKind),
      ),
    )
  if (!draft) return
  if (draft.authorId !== user.id) throw new Refused('Only the author can cancel this inspection.')
  if (draft.finishedAt) throw new Conflict('A finished inspection cannot be deleted.')

  const removed = await db.transaction(async (tx) => {
    // Locked first: a finish racing this cancel has either finished the draft already or waits for it,
    // and so does an upload adding a photo to it. Only files of media rows this delete really removed go.
    const [locked] = await tx.select({ finishedAt: inspections.finishedAt }).from(inspections).where(eq(inspections.id, draft.id)).for('update')
    if (!locked) return []
    if (locked.finishedAt) throw new Conflict('A finished inspection cannot be deleted.')
    const rows = await tx.delete(media).where(eq(media.inspectionId, draft.id)).returning({ fileKey: media.fileKey })
    await tx.delete(inspections).where(and(eq(inspections.id, draft.id), isNull(inspections.finishedAt)))
    return rows
  })
  // A file left behind wastes space but breaks nothing, so a failed removal does not fail the cancel.
  await Promise.allSettled(removed.map(({ fileKey }) => files.delete(fileKey)))
}
