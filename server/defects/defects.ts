// Defects across a company's units (the owner's /defects screen) and their certification (§396.11(a)(3)):
// a defect is a 'defect' result of a finished pre-trip; it is open until the owner certifies it
// 'Repaired' or 'No repair needed' with a note and a signature. A certification is a new row and a new
// History entry, never an edit — a second one for the same defect is refused.
import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { DefectStatusFilter } from '../../core/contract/defect-status.ts'
import { ALREADY_CERTIFIED_MESSAGE, CERTIFICATION_LABELS, CERTIFIED_BEFORE_REPORT_MESSAGE, reportNumber, type CertificationAction, type DefectListItem } from '../../core/contract/dvir.ts'
import type { Db } from '../db/client.ts'
import { defectCertifications, inspectionItems, inspections, media, units } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { certificationOf, nameOf, reportedAtOf } from '../inspections/dvir.ts'
import { signingTimeWithin } from '../inspections/signing-time.ts'
import { decodeSignature } from '../inspections/signature.ts'
import { recordUnitEvent } from '../units/unit-status.ts'
import { Conflict, NotFound } from '../domain-errors.ts'

const defectNotFound = () => new NotFound('Defect not found.')

/** Defects of finished reports of the company's units that are not archived. */
function defectsOf(companyId: string): SQL {
  return and(
    eq(inspectionItems.companyId, companyId),
    eq(inspectionItems.result, 'defect'),
    isNotNull(inspections.finishedAt),
    isNull(units.archivedAt),
  )!
}

function statusCondition(status: DefectStatusFilter): SQL | undefined {
  if (status === 'open') return isNull(defectCertifications.id)
  if (status === 'all') return undefined
  return eq(defectCertifications.action, status)
}

async function loadDefects(db: Db, where: SQL | undefined): Promise<DefectListItem[]> {
  const rows = await db
    .select({ defect: inspectionItems, report: inspections, unit: units, certification: defectCertifications })
    .from(inspectionItems)
    .innerJoin(inspections, eq(inspections.id, inspectionItems.inspectionId))
    .innerJoin(units, eq(units.id, inspectionItems.unitId))
    .leftJoin(defectCertifications, eq(defectCertifications.defectId, inspectionItems.id))
    .where(where)
    // Out of service first, then the oldest: what needs the owner most comes first.
    .orderBy(sql`${inspectionItems.severity} = 'out-of-service' desc`, asc(sql`coalesce(${inspections.signedAt}, ${inspections.finishedAt})`), asc(inspectionItems.id))
  if (rows.length === 0) return []
  const captures = await db
    .select({ id: media.id, inspectionId: media.inspectionId, item: media.item, kind: media.kind })
    .from(media)
    .where(inArray(media.inspectionId, [...new Set(rows.map((row) => row.report.id))]))
    .orderBy(asc(media.createdAt), asc(media.id))
  return rows.map(({ defect, report, unit, certification }) => {
    const mine = captures.filter((capture) => capture.inspectionId === report.id && capture.item === defect.item)
    return {
      _id: defect.id,
      unit: { _id: unit.id, unitNumber: unit.unitNumber, make: unit.make, model: unit.model },
      report_id: report.id,
      reportNumber: reportNumber(report.id),
      item: defect.item,
      severity: defect.severity ?? 'minor',
      note: defect.note,
      picture_ids: mine.filter((capture) => capture.kind === 'photo').map((capture) => capture.id),
      video_ids: mine.filter((capture) => capture.kind === 'video').map((capture) => capture.id),
      reporter: report.authorName,
      reportedAt: (reportedAtOf(report) ?? report.updatedAt).toISOString(),
      certification: certification ? certificationOf(certification) : null,
    }
  })
}

/** GET /defects: the company's defects by status (open by default), optionally of one unit. */
export function listDefects(db: Db, companyId: string, filter: { status: DefectStatusFilter; unitId?: string | undefined }): Promise<DefectListItem[]> {
  return loadDefects(db, and(defectsOf(companyId), statusCondition(filter.status), filter.unitId ? eq(inspectionItems.unitId, filter.unitId) : undefined))
}

/** Open defects of the company (the sidebar badge). */
export async function openDefectCount(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inspectionItems)
    .innerJoin(inspections, eq(inspections.id, inspectionItems.inspectionId))
    .innerJoin(units, eq(units.id, inspectionItems.unitId))
    .leftJoin(defectCertifications, eq(defectCertifications.defectId, inspectionItems.id))
    .where(and(defectsOf(companyId), isNull(defectCertifications.id)))
  return row?.n ?? 0
}

/** POST /defects/{id}/certify: the certification, and its History entry, in one transaction. */
export async function certifyDefect(
  db: Db,
  user: SessionUser & { companyId: string },
  defectId: string,
  body: { action: CertificationAction; note: string; signature: string; certified_at?: string | undefined },
  now: Date,
): Promise<DefectListItem> {
  const [found] = await db
    .select({ defect: inspectionItems, report: inspections })
    .from(inspectionItems)
    .innerJoin(inspections, eq(inspections.id, inspectionItems.inspectionId))
    .where(and(eq(inspectionItems.id, defectId), defectsOfCompany(user.companyId)))
  if (!found) throw defectNotFound()
  const signature = await decodeSignature(body.signature)
  // §396.11(a)(3): the record must not say a repair was certified before the defect was reported.
  const certifiedAt = signingTimeWithin(body.certified_at, { notBefore: reportedAtOf(found.report), now, tooEarly: CERTIFIED_BEFORE_REPORT_MESSAGE })
  const certifiedByName = await nameOf(db, user.id)
  await db.transaction(async (tx) => {
    // Locked: two owners certifying at once cannot both write.
    await tx.select({ id: inspectionItems.id }).from(inspectionItems).where(eq(inspectionItems.id, defectId)).for('update')
    const [held] = await tx.select({ id: defectCertifications.id }).from(defectCertifications).where(eq(defectCertifications.defectId, defectId))
    if (held) throw new Conflict(ALREADY_CERTIFIED_MESSAGE)
    await tx.insert(defectCertifications).values({
      defectId,
      companyId: user.companyId,
      action: body.action,
      note: body.note,
      signature: signature.bytes,
      signatureContentType: signature.contentType,
      certifiedBy: user.id,
      certifiedByName,
      certifiedAt,
    })
    const [unit] = await tx.select({ status: units.status }).from(units).where(eq(units.id, found.defect.unitId))
    await recordUnitEvent(tx, {
      unitId: found.defect.unitId,
      status: unit!.status,
      performedBy: user.id,
      inspectionId: found.report.id,
      notes: `${CERTIFICATION_LABELS[body.action]}: ${found.defect.item} (${reportNumber(found.report.id)})${certifiedByName ? `, certified by ${certifiedByName}` : ''}. ${body.note}`,
    })
  })
  const [item] = await loadDefects(db, eq(inspectionItems.id, defectId))
  return item!
}

function defectsOfCompany(companyId: string): SQL {
  return and(eq(inspectionItems.companyId, companyId), eq(inspectionItems.result, 'defect'), isNotNull(inspections.finishedAt))!
}
