// Keyset (cursor) paging for every server-paged list: one order per list and sort, the cursor that
// marks a position in it, and the page answer. A page is "the rows after the cursor's row in this order",
// found through the order's index whatever the page number — never OFFSET, which reads and drops every
// earlier row and skips or repeats rows when the list changes between pages.
import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { CURSOR_MESSAGE, CURSOR_NEEDS_LIMIT_MESSAGE, type Page } from '../../core/contract/paging.ts'
import { Invalid } from '../domain-errors.ts'

/** How a sort key is typed: what a cursor may carry for it, and the cast it gets in SQL. */
export type KeyKind = 'text' | 'integer' | 'timestamp' | 'uuid'

export interface SortKey {
  /** The value sorted on, written exactly as the order's index is (e.g. `lower(make)`). Never null. */
  value: SQLWrapper
  kind: KeyKind
}

/**
 * A total order over a list: the sort keys, then the row id as the tie-break, all in one direction
 * (so "after" is one row comparison, which PostgreSQL answers from the index).
 */
export interface KeysetOrder {
  /** Names the list and its sort; a cursor made under another tag is refused. */
  tag: string
  direction: 'asc' | 'desc'
  keys: readonly SortKey[]
}

/** An order on `keys`, then `id`. */
export function keysetOrder(tag: string, direction: 'asc' | 'desc', keys: readonly SortKey[], id: SQLWrapper): KeysetOrder {
  return { tag, direction, keys: [...keys, { value: id, kind: 'uuid' }] }
}

export function orderByOf(order: KeysetOrder): SQL[] {
  const by = order.direction === 'asc' ? asc : desc
  return order.keys.map((key) => by(key.value))
}

/**
 * A row's position, as the cursor will carry it: the key values as one JSON array. Timestamps go as
 * UTC text with all six fractional digits — a JavaScript Date keeps only milliseconds, and a cursor
 * rounded to the millisecond would skip the rows in between.
 */
export function positionOf(order: KeysetOrder): SQL<unknown[]> {
  const values = order.keys.map((key) =>
    key.kind === 'timestamp' ? sql`to_char(${key.value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`${key.value}`,
  )
  return sql<unknown[]>`json_build_array(${sql.join(values, sql`, `)})`
}

/** The `limit` and `cursor` of a paged call; null when the list is asked for as the spec asks (no limit). */
export interface PageRequest {
  limit: number
  cursor: string | undefined
}

export function pageRequestOf(query: { limit?: number | undefined; cursor?: string | undefined }): PageRequest | null {
  if (query.limit === undefined) {
    if (query.cursor !== undefined) throw new Invalid(CURSOR_NEEDS_LIMIT_MESSAGE)
    return null
  }
  return { limit: query.limit, cursor: query.cursor }
}

const refuse = () => new Invalid(CURSOR_MESSAGE)

const INT4_MIN = -(2 ** 31)
const INT4_MAX = 2 ** 31 - 1
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Exactly the form positionOf writes; years before 1000 are not ours (and PostgreSQL refuses year 0). */
const UTC_TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
/** A lone surrogate half: the database never holds one, so no cursor of ours does. */
const LONE_SURROGATE = /\p{Cs}/u

/** Whether `value` may stand for a key of `kind` in SQL: what the database would refuse must be a 400 here. */
function isKeyValue(kind: KeyKind, value: unknown): boolean {
  switch (kind) {
    case 'text':
      return typeof value === 'string' && !value.includes('\u0000') && !LONE_SURROGATE.test(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= INT4_MIN && value <= INT4_MAX
    case 'uuid':
      return typeof value === 'string' && UUID.test(value)
    case 'timestamp': {
      if (typeof value !== 'string' || !UTC_TIMESTAMP.test(value)) return false
      // A real calendar date and time: the regex lets 2025-02-30T25:61 through, Date's round trip does not.
      const milliseconds = `${value.slice(0, 23)}Z`
      const parsed = new Date(milliseconds)
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === milliseconds
    }
  }
}

export function encodeCursor(order: KeysetOrder, position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify([order.tag, ...position]), 'utf8').toString('base64url')
}

/** The key values a cursor carries, each checked against its key's kind; anything else is a 400. */
export function decodeCursor(order: KeysetOrder, cursor: string): unknown[] {
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw refuse()
  }
  if (!Array.isArray(decoded) || decoded.length !== order.keys.length + 1 || decoded[0] !== order.tag) throw refuse()
  const values = decoded.slice(1)
  if (!order.keys.every((key, index) => isKeyValue(key.kind, values[index]))) throw refuse()
  return values
}

const CASTS: Record<KeyKind, SQL> = {
  text: sql.raw('text'),
  integer: sql.raw('integer'),
  timestamp: sql.raw('timestamptz'),
  uuid: sql.raw('uuid'),
}

/** The rows after the cursor's position in `order` (undefined without a cursor: from the start). */
export function afterCursor(order: KeysetOrder, cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined
  const values = decodeCursor(order, cursor)
  const columns = sql.join(
    order.keys.map((key) => sql`${key.value}`),
    sql`, `,
  )
  const position = sql.join(
    order.keys.map((key, index) => sql`${values[index]}::${CASTS[key.kind]}`),
    sql`, `,
  )
  return order.direction === 'asc' ? sql`(${columns}) > (${position})` : sql`(${columns}) < (${position})`
}

/** A fetched row and its position (positionOf's value for it). */
export interface Positioned<T> {
  item: T
  position: readonly unknown[]
}

/**
 * One page: `load` fetches up to `limit` rows after `after` in the order, `count` counts the whole
 * filtered list. One row more than the page is fetched, so the last page is known without a next call.
 */
export async function keysetPage<T>(
  order: KeysetOrder,
  request: PageRequest,
  load: (after: SQL | undefined, limit: number) => Promise<Positioned<T>[]>,
  count: () => Promise<number>,
): Promise<Page<T>> {
  const after = afterCursor(order, request.cursor)
  const [rows, total] = await Promise.all([load(after, request.limit + 1), count()])
  const onPage = rows.slice(0, request.limit)
  const last = rows.length > request.limit ? onPage[onPage.length - 1] : undefined
  return {
    items: onPage.map((row) => row.item),
    nextCursor: last ? encodeCursor(order, last.position) : null,
    total,
  }
}

/**
 * A list that can be read whole (the spec's answer) or a page at a time: `load` fetches the rows after
 * `after` (all of them when undefined) in `order`, at most `limit` when given; `count` counts them all.
 */
export interface KeysetList<T> {
  order: KeysetOrder
  load: (after: SQL | undefined, limit: number | undefined) => Promise<Positioned<T>[]>
  count: () => Promise<number>
}

export async function wholeList<T>(list: KeysetList<T>): Promise<T[]> {
  return (await list.load(undefined, undefined)).map((row) => row.item)
}

export function listPage<T>(list: KeysetList<T>, request: PageRequest): Promise<Page<T>> {
  return keysetPage(list.order, request, list.load, list.count)
}
