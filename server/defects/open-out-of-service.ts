// Whether a unit has an open 'Out of service' defect: while it has one, maintenance cannot be completed
// (§396.11(a)(3)). Its own module so the unit status change can ask inside its transaction without the
// units and defects modules importing each other.
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { defectCertifications, inspectionItems, inspections } from '../db/schema.ts'

/** Open 'Out of service' defects of a unit, as the caller's transaction sees them. */
export async function openOutOfServiceCount(db: Db, unitId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inspectionItems)
    .innerJoin(inspections, eq(inspections.id, inspectionItems.inspectionId))
    .leftJoin(defectCertifications, eq(defectCertifications.defectId, inspectionItems.id))
    .where(
      and(
        eq(inspectionItems.unitId, unitId),
        eq(inspectionItems.result, 'defect'),
        eq(inspectionItems.severity, 'out-of-service'),
        isNotNull(inspections.finishedAt),
        isNull(defectCertifications.id),
      ),
    )
  return row?.n ?? 0
}
