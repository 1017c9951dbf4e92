// Server-paged lists (keyset, never OFFSET): the query parameters every paged list accepts and the page
// it answers. A list called as the spec calls it (no `limit`) keeps its spec shape; with `limit` it
// answers one page, and `cursor` (the previous page's `nextCursor`, opaque) asks for the next one.
import * as v from 'valibot'
import { UNIT_STATUSES } from './units.ts'
import { SEARCH_MAX_LENGTH } from './search-text.ts'

export const PAGE_LIMIT_MIN = 1
export const PAGE_LIMIT_MAX = 200
/** What the app asks for: a screenful and a half of table rows, small enough for a weak link. */
export const DEFAULT_PAGE_SIZE = 50

/** One page of a list. `total` counts the whole filtered list, not just this page. */
export interface Page<T> {
  items: T[]
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: string | null
  total: number
}

export const LIMIT_MESSAGE = `limit must be a whole number from ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX}.`
export const CURSOR_MESSAGE = 'cursor is not a cursor of this list. Start again from the first page.'
export const CURSOR_NEEDS_LIMIT_MESSAGE = 'cursor needs a limit: pass the limit of the first page with it.'
/**
 * Longest cursor accepted. A cursor carries the last row's sort values: the drivers list's first name,
 * last name and email (up to 100 + 100 + 254 characters, 3 bytes each in UTF-8) come to ~1,300
 * base64url characters, so the limit leaves room above that.
 */
export const CURSOR_MAX_LENGTH = 4096

/** Query values arrive as text. */
const Limit = v.pipe(
  v.string(LIMIT_MESSAGE),
  v.regex(/^\d{1,4}$/, LIMIT_MESSAGE),
  v.transform(Number),
  v.minValue(PAGE_LIMIT_MIN, LIMIT_MESSAGE),
  v.maxValue(PAGE_LIMIT_MAX, LIMIT_MESSAGE),
)
const Cursor = v.pipe(v.string(CURSOR_MESSAGE), v.nonEmpty(CURSOR_MESSAGE), v.maxLength(CURSOR_MAX_LENGTH, CURSOR_MESSAGE), v.regex(/^[A-Za-z0-9_-]+$/, CURSOR_MESSAGE))
/** Free-text search; blank means no search. */
const SearchText = v.optional(
  v.pipe(
    v.string('q must be text.'),
    v.trim(),
    v.maxLength(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters.`),
    v.transform((text) => (text === '' ? undefined : text)),
  ),
)

/** The parameters shared by every paged list. */
export const PageParams = {
  limit: v.optional(Limit),
  cursor: v.optional(Cursor),
}

/** The sorts the units screen offers; a leading '-' reverses. `newest` (created, newest first) is the default. */
export const UNIT_SORT_FIELDS = ['unitNumber', 'vin', 'make', 'model', 'year', 'status'] as const
export type UnitSortField = (typeof UNIT_SORT_FIELDS)[number]
export const UNIT_SORTS = ['newest', ...UNIT_SORT_FIELDS, ...UNIT_SORT_FIELDS.map((field) => `-${field}` as const)] as const
export type UnitSort = (typeof UNIT_SORTS)[number]

/**
 * GET /units/{companyId}. `q` matches unit number, VIN, make, model, plate, year and type name
 * (case-insensitive, anywhere in the text); `type` is a unit type or sub type id; `status` one status.
 * Filters apply with or without `limit`.
 */
export const UnitListQuery = v.object({
  ...PageParams,
  q: SearchText,
  status: v.optional(v.picklist(UNIT_STATUSES, `status must be one of: ${UNIT_STATUSES.join(', ')}.`)),
  type: v.optional(v.pipe(v.string('type must be a unit type or sub type id.'), v.uuid('type must be a unit type or sub type id.'))),
  sort: v.optional(v.picklist(UNIT_SORTS, `sort must be one of: ${UNIT_SORTS.join(', ')}.`), 'newest'),
  /** '1': the archived (deleted) units instead, which every other list leaves out (docs/decisions/011-dvir.md). */
  archived: v.optional(v.pipe(v.picklist(['0', '1'], "archived must be '0' or '1'."), v.transform((flag) => flag === '1'))),
})
export type UnitListQuery = v.InferOutput<typeof UnitListQuery>

/** GET /company/{id}/drivers: by name; `q` matches first and last name, phone and email. */
export const DriverListQuery = v.object({ ...PageParams, q: SearchText })
export type DriverListQuery = v.InferOutput<typeof DriverListQuery>

/**
 * GET /documents/{companyId}/all and /documents/{companyId}/unit/{unitId}: newest first; `q` matches the
 * file name or the author's first name (spec §2 "Documents").
 */
export const DocumentListQuery = v.object({ ...PageParams, q: SearchText })
export type DocumentListQuery = v.InferOutput<typeof DocumentListQuery>

/** GET /units/{id}/timeline: newest first. */
export const TimelineQuery = v.object({ ...PageParams })
export type TimelineQuery = v.InferOutput<typeof TimelineQuery>

/**
 * GET /inspection/{unitId}/all, /pre-inspection/{unitId}/all (both `?company_id=`) and
 * /units/{unitId}/pre-inspections: finished ones, newest first.
 */
export const InspectionListQuery = v.object({
  ...PageParams,
  company_id: v.optional(v.pipe(v.string('company_id must be a company id.'), v.uuid('company_id must be a company id.'))),
})
export type InspectionListQuery = v.InferOutput<typeof InspectionListQuery>
