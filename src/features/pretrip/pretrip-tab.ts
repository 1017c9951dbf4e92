// The PreTrip/Documents tab page's tabs (spec §2 "Pre-trip guide page") and the `tab` search param
// that remembers the open one; 'PreTrip' is the default, and an unknown value falls back to it.
import { oneOf } from '../../lib/search-params.ts'
import { m } from '../../i18n/translate.ts'

export const PRETRIP_PAGE_TABS = [
  { value: 'pretrip', label: m('PreTrip') },
  { value: 'documents', label: m('Documents') },
] as const

export type PretripPageTab = (typeof PRETRIP_PAGE_TABS)[number]['value']

export const DEFAULT_PRETRIP_PAGE_TAB: PretripPageTab = 'pretrip'

const TAB_VALUES = PRETRIP_PAGE_TABS.map((tab) => tab.value)

/** The route's `validateSearch`. */
export function parsePretripPageSearch(search: Record<string, unknown>): { tab?: PretripPageTab } {
  return { tab: oneOf(TAB_VALUES, search.tab) }
}
