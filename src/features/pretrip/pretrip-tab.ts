// The PreTrip/Documents tab page's tabs (spec §2 "Pre-trip guide page") and the `tab` search param
// that remembers the open one; 'PreTrip' is the default, and an unknown value falls back to it.
import * as v from 'valibot'
import { m } from '../../i18n/translate.ts'

export const PRETRIP_PAGE_TABS = [
  { value: 'pretrip', label: m('PreTrip') },
  { value: 'documents', label: m('Documents') },
] as const

export type PretripPageTab = (typeof PRETRIP_PAGE_TABS)[number]['value']

export const DEFAULT_PRETRIP_PAGE_TAB: PretripPageTab = 'pretrip'

export const PretripPageSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(PRETRIP_PAGE_TABS.map((tab) => tab.value))), undefined),
})
