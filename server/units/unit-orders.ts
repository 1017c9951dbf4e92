// The orders the units list offers (core/contract/paging.ts UNIT_SORTS), each a keyset order over the
// index made for it in server/db/schema.ts: text sorts on lower(), so they ignore case.
import { sql } from 'drizzle-orm'
import { UNIT_SORT_FIELDS, type UnitSort, type UnitSortField } from '../../core/contract/paging.ts'
import { units } from '../db/schema.ts'
import { keysetOrder, type KeysetOrder, type SortKey } from '../http/keyset-page.ts'

const SORT_KEYS: Record<UnitSortField, SortKey> = {
  unitNumber: { value: sql`lower(${units.unitNumber})`, kind: 'text' },
  vin: { value: sql`lower(${units.vin})`, kind: 'text' },
  make: { value: sql`lower(${units.make})`, kind: 'text' },
  model: { value: sql`lower(${units.model})`, kind: 'text' },
  year: { value: units.year, kind: 'integer' },
  status: { value: units.status, kind: 'text' },
}

/** The default: newest first, as the list has always been. */
export const NEWEST_UNITS = keysetOrder('units:newest', 'desc', [{ value: units.createdAt, kind: 'timestamp' }], units.id)

export function unitOrder(sort: UnitSort): KeysetOrder {
  if (sort === 'newest') return NEWEST_UNITS
  const field = UNIT_SORT_FIELDS.find((name) => sort === name || sort === `-${name}`)!
  return keysetOrder(`units:${sort}`, sort.startsWith('-') ? 'desc' : 'asc', [SORT_KEYS[field]], units.id)
}
