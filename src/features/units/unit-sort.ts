// What a click on a sortable units column header does to the order in the URL: first ascending, then
// descending, then back to the default (newest first, no `sort` in the URL).
import type { UnitSort, UnitSortField } from '../../../core/contract/paging.ts'

export type UrlUnitSort = Exclude<UnitSort, 'newest'> | undefined

export function nextUnitSort(current: UrlUnitSort, field: UnitSortField): UrlUnitSort {
  if (current === field) return `-${field}`
  if (current === `-${field}`) return undefined
  return field
}
