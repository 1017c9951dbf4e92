// The owner's unit tabs (spec §2) and the `tab` search param that remembers the open one, so a reload,
// a shared link or Back returns to the same tab. An unknown value falls back to the first tab.
import { oneOf } from '../../lib/search-params.ts'
import { m } from '../../i18n/translate.ts'

export const UNIT_TABS = [
  { value: 'pre-trip', label: m('Pre-Trip') },
  { value: 'inspections', label: m('Inspections') },
  { value: 'documents', label: m('Documents') },
  { value: 'history', label: m('History') },
] as const

export type UnitTab = (typeof UNIT_TABS)[number]['value']

export const DEFAULT_UNIT_TAB: UnitTab = 'pre-trip'

const TAB_VALUES = UNIT_TABS.map((tab) => tab.value)

export interface UnitDetailSearch {
  tab?: UnitTab
}

/** The route's `validateSearch`. */
export function parseUnitDetailSearch(search: Record<string, unknown>): UnitDetailSearch {
  return { tab: oneOf(TAB_VALUES, search.tab) }
}
