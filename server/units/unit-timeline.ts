// A unit's History (GET /units/{id}/timeline): its status changes, newest first, each with who made it.
import { and, count, eq } from 'drizzle-orm'
import type { TimelineEntry } from '../../core/contract/units.ts'
import type { Db } from '../db/client.ts'
import { unitStatusEvents, users } from '../db/schema.ts'
import { keysetOrder, orderByOf, positionOf, type KeysetList } from '../http/keyset-page.ts'

const NEWEST_EVENTS = keysetOrder('timeline', 'desc', [{ value: unitStatusEvents.createdAt, kind: 'timestamp' }], unitStatusEvents.id)

/** The unit's History; the caller has already checked access to the unit. */
export function unitTimeline(db: Db, unitId: string): KeysetList<TimelineEntry> {
  const ofUnit = eq(unitStatusEvents.unitId, unitId)
  return {
    order: NEWEST_EVENTS,
    load: async (after, limit) => {
      const query = db
        .select({
          id: unitStatusEvents.id,
          status: unitStatusEvents.status,
          notes: unitStatusEvents.notes,
          createdAt: unitStatusEvents.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          position: positionOf(NEWEST_EVENTS),
        })
        .from(unitStatusEvents)
        .leftJoin(users, eq(users.id, unitStatusEvents.performedBy))
        .where(and(ofUnit, after))
        .orderBy(...orderByOf(NEWEST_EVENTS))
        .$dynamic()
      const rows = await (limit === undefined ? query : query.limit(limit))
      return rows.map((row) => ({
        item: {
          _id: row.id,
          status: row.status,
          performed_by: row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? '' },
          notes: row.notes,
          createdAt: row.createdAt.toISOString(),
        },
        position: row.position,
      }))
    },
    count: async () => {
      const [counted] = await db.select({ total: count() }).from(unitStatusEvents).where(ofUnit)
      return counted?.total ?? 0
    },
  }
}
