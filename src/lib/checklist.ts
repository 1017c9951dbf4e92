// The driver's pre-trip checklist (spec §2 "Driver pre-trip screen", §9): the four default items, then
// the inspection types the owner attached to the unit's sub type — each named once, with its icon and
// whether it asks for photos or a video.
import { m, tr } from '../i18n/translate.ts'

export type CaptureKind = 'photo' | 'video'

export interface ChecklistItem {
  /** Also the `item` the server files the captures under, so it is trimmed and unique. */
  name: string
  /** A name from the icon catalogue (src/ui/icon-catalogue.tsx). */
  icon: string
  kind: CaptureKind
}

/** An inspection type as a sub type carries it (spec §3: `inspectionsTypes[]` with name, icon, type). */
export interface AttachedInspectionType {
  name: string
  icon: string
  type: CaptureKind
}

/** Spec §2: Lights, Tire Pressure & Condition, Engine Oil, Coolant level; photos by default (spec §9). */
export const DEFAULT_CHECKLIST: readonly ChecklistItem[] = [
  { name: m('Lights'), icon: 'lights', kind: 'photo' },
  { name: m('Tire Pressure & Condition'), icon: 'tire', kind: 'photo' },
  { name: m('Engine Oil'), icon: 'oil-can', kind: 'photo' },
  { name: m('Coolant level'), icon: 'coolant', kind: 'photo' },
]

/** Names match case- and space-insensitively: 'Engine oil ' is the default 'Engine Oil'. */
export function checklistKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * The checklist of a unit: the defaults first, then the sub type's inspection types in their order.
 * A sub type naming a default (the built-in 'Lights' type, say) changes that item's kind and icon in
 * place — the owner chose video for it on purpose — rather than adding it twice; the first of two
 * attached types with one name wins. Nameless types are left out: there is nothing to file them under.
 */
export function pretripChecklist(attached: readonly AttachedInspectionType[]): ChecklistItem[] {
  const items: ChecklistItem[] = DEFAULT_CHECKLIST.map((item) => ({ ...item }))
  const indexByKey = new Map(items.map((item, index) => [checklistKey(item.name), index]))
  const overridden = new Set<string>()
  for (const type of attached) {
    const name = type.name.trim().replace(/\s+/g, ' ')
    const key = checklistKey(name)
    if (!key) continue
    const existing = indexByKey.get(key)
    if (existing === undefined) {
      indexByKey.set(key, items.length)
      overridden.add(key)
      items.push({ name, icon: type.icon, kind: type.type })
    } else if (!overridden.has(key)) {
      overridden.add(key)
      const item = items[existing]!
      items[existing] = { ...item, icon: type.icon || item.icon, kind: type.type }
    }
  }
  return items
}

/**
 * A checklist item's name as the screen shows it: the default items (the spec's, and the built-in
 * inspection types named like them) in the language shown; a company's own items as they were named.
 * The name itself stays the item's key in drafts and on the server.
 */
export function checklistItemLabel(name: string): string {
  return DEFAULT_CHECKLIST.some((item) => item.name === name) ? tr(name) : name
}
