// The owner's unit tabs (spec §2) and the `tab` search param that remembers the open one, so a reload,
// a shared link or Back returns to the same tab. An unknown value falls back to the first tab.
import * as v from 'valibot'
import { m } from '../../i18n/translate.ts'

export const UNIT_TABS = [
  { value: 'pre-trip', label: m('Pre-Trip') },
  { value: 'inspections', label: m('Inspections') },
  { value: 'documents', label: m('Documents') },
  { value: 'history', label: m('History') },
] as const

export type UnitTab = (typeof UNIT_TABS)[number]['value']

export const DEFAULT_UNIT_TAB: UnitTab = 'pre-trip'

export const UnitDetailSearch = v.object({
  tab: v.fallback(v.optional(v.picklist(UNIT_TABS.map((tab) => tab.value))), undefined),
})

export type UnitDetailSearch = v.InferOutput<typeof UnitDetailSearch>
