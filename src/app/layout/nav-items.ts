// What each navigation surface offers, by role (spec §2 "Layout", §6): the desktop sidebar, the
// mobile bottom bar and the user menu. Pure data, so the role rules are tested without rendering.
import type { DashboardCounts, RoleName } from '../../../core/contract/auth.ts'
import type { FileRoutesByTo } from '../../routeTree.gen.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export type AppPath = keyof FileRoutesByTo
export type NavIconName = 'drivers' | 'units' | 'documents' | 'profile' | 'defects'

export interface NavItem {
  label: string
  to: AppPath
  icon: NavIconName
  /** Which dashboard count its badge shows, if any. */
  count?: keyof DashboardCounts
  /** A dashboard count of things waiting for the user, shown in a second, highlighted badge. */
  waiting?: keyof DashboardCounts
}

export interface MenuLink {
  label: string
  to: AppPath
}

interface RoleRestricted {
  ownerOnly?: boolean
}

const DRIVERS: NavItem & RoleRestricted = { label: m('Drivers'), to: '/drivers', icon: 'drivers', count: 'drivers', waiting: 'joinRequests', ownerOnly: true }
const UNITS: NavItem & RoleRestricted = { label: m('Units'), to: '/units', icon: 'units', count: 'units' }
const DOCUMENTS: NavItem & RoleRestricted = { label: m('Documents'), to: '/app-documents', icon: 'documents' }
/** The DVIR's open defects (docs/decisions/011-dvir.md): the sidebar only, so the spec's bottom bar keeps its columns. */
const DEFECTS: NavItem & RoleRestricted = { label: m('Defects'), to: '/defects', icon: 'defects', count: 'defects', ownerOnly: true }
const PROFILE: NavItem & RoleRestricted = { label: m('Profile'), to: '/profile', icon: 'profile' }

const USER_MENU: (MenuLink & RoleRestricted)[] = [
  { label: m('My Profile'), to: '/profile' },
  { label: m('Settings'), to: '/settings' },
  { label: m('Change Password'), to: '/change-password' },
  { label: m('Driver Licence'), to: '/documents' },
  { label: m('Unit Settings'), to: '/unit-settings', ownerOnly: true },
  { label: m('Inspection Types'), to: '/inspection-types', ownerOnly: true },
]

function visibleTo<T extends RoleRestricted & { label: string }>(items: T[], role: RoleName | undefined): Omit<T, 'ownerOnly'>[] {
  return items.filter((item) => !item.ownerOnly || role === 'owner').map(({ ownerOnly: _ownerOnly, ...item }) => ({ ...item, label: tr(item.label) }))
}

/** Desktop sidebar under MENU: Drivers (owner only), Units, Documents, then Defects (owner only). */
export function sidebarItems(role: RoleName | undefined): NavItem[] {
  return visibleTo([DRIVERS, UNITS, DOCUMENTS, DEFECTS], role)
}

/** Mobile bottom bar: Drivers (owner only), Units, Documents, Profile — 4 columns or 3. */
export function bottomBarItems(role: RoleName | undefined): NavItem[] {
  return visibleTo([DRIVERS, UNITS, DOCUMENTS, PROFILE], role)
}

/** User menu links, in spec order; 'Log Out' follows them as a button. */
export function userMenuLinks(role: RoleName | undefined): MenuLink[] {
  return visibleTo(USER_MENU, role)
}

function shownCount(key: keyof DashboardCounts | undefined, counts: DashboardCounts | undefined): number | null {
  if (!key || !counts) return null
  const value = counts[key] ?? 0
  return value > 0 ? value : null
}

/** What a waiting badge's number counts, for a screen reader. */
export const waitingLabel = (count: number | null) => (count === 1 ? t('1 request to join') : t('{count} requests to join', { count: count ?? 0 }))

/** The badge number for an item: only counts above zero show (spec §2). */
export function badgeCount(item: NavItem, counts: DashboardCounts | undefined): number | null {
  return shownCount(item.count, counts)
}

/** The waiting badge's number (e.g. requests to join, on Drivers): only above zero. */
export function waitingCount(item: NavItem, counts: DashboardCounts | undefined): number | null {
  return shownCount(item.waiting, counts)
}
