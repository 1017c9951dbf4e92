// The owner's certification of a defect ('Repaired' / 'No repair needed', a note, a signature) is kept
// on the device first and sent through the outbox like every driver's step (docs/decisions/011-dvir.md):
// an owner in a shop with no signal certifies all the same, and nothing typed is lost to a failed
// request. Its op is in a lane of its own, under its own Idempotency-Key.
import * as v from 'valibot'
import { CertifyBody } from '../../core/contract/dvir.ts'
import { m, tr } from '../i18n/translate.ts'
import { withStorageErrors } from './device-storage.ts'
import { announceQueued, certificationKey, makeOp, mayHaveReachedServer, queueReplacing } from './ops.ts'
import type { CertificationPayload, OpRecord, OutboxDb } from './outbox-db.ts'

export const CERTIFICATION_ON_ITS_WAY = m('This certification is already on its way to the server.')

/** The defect as the Defects screen knows it. */
export interface CertifiedDefect {
  _id: string
  item: string
  unitId: string
}

export type CertificationOp = OpRecord & { kind: 'certify' }

const isCertification = (op: OpRecord): op is CertificationOp => op.kind === 'certify'

/** The user's certification ops, oldest first (at most one per defect). */
export async function certificationOps(db: OutboxDb, userId: string): Promise<CertificationOp[]> {
  return (await db.ops.where('ownerUserId').equals(userId).sortBy('seq')).filter(isCertification)
}

/**
 * Queues the certification of `defect`, checked with the server's own rule first so what is queued is
 * what the server takes. One refused (or not sent yet) is corrected in place — a refused one under a new
 * key; one that may already have reached the server cannot change any more.
 */
export async function saveCertification(
  db: OutboxDb,
  userId: string,
  defect: CertifiedDefect,
  input: { action: unknown; note: unknown; signature: unknown },
  options: { now?: () => number } = {},
): Promise<CertificationPayload> {
  const parsed = v.safeParse(CertifyBody, { action: input.action, note: input.note, signature: input.signature })
  if (!parsed.success) throw new Error(parsed.issues[0].message)
  const now = (options.now ?? Date.now)()
  const payload: CertificationPayload = {
    defectId: defect._id,
    item: defect.item,
    action: parsed.output.action,
    note: parsed.output.note,
    signature: parsed.output.signature,
    certified_at: new Date(now).toISOString(),
  }
  const key = certificationKey(defect._id)
  await withStorageErrors(() =>
    db.transaction('rw', db.ops, async () => {
      const earlier = (await db.ops.where('draftId').equals(key).toArray()).filter((op) => op.ownerUserId === userId)
      if (earlier.some(mayHaveReachedServer)) throw new Error(tr(CERTIFICATION_ON_ITS_WAY))
      await queueReplacing(db, earlier, makeOp({ id: key, ownerUserId: userId, unitId: defect.unitId }, { kind: 'certify', payload }, now), now)
    }),
  )
  announceQueued(db)
  return payload
}

/**
 * Drops a certification the server has not taken — refused, or never sent — and with it what was typed:
 * the user's choice, after a 409 (someone certified the defect first) or a change of mind. False when it
 * may be on the server already (it is then no longer the device's to drop).
 */
export async function discardCertification(db: OutboxDb, seq: number): Promise<boolean> {
  return db.transaction('rw', db.ops, async () => {
    const op = await db.ops.get(seq)
    if (!op || op.kind !== 'certify' || mayHaveReachedServer(op)) return false
    await db.ops.delete(seq)
    return true
  })
}
