// What each navigation surface offers, by role (spec §2 "Layout", §6): the desktop sidebar, the
// mobile bottom bar and the user menu. Pure data, so the role rules are tested without rendering.
import type { DashboardCounts, RoleName } from '../../../core/contract/auth.ts'
import type { FileRoutesByTo } from '../../routeTree.gen.ts'

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

const DRIVERS: NavItem & RoleRestricted = { label: 'Drivers', to: '/drivers', icon: 'drivers', count: 'drivers', waiting: 'joinRequests', ownerOnly: true }
const UNITS: NavItem & RoleRestricted = { label: 'Units', to: '/units', icon: 'units', count: 'units' }
const DOCUMENTS: NavItem & RoleRestricted = { label: 'Documents', to: '/app-documents', icon: 'documents' }
/** The DVIR's open defects (docs/decisions/011-dvir.md): the sidebar only, so the spec's bottom bar keeps its columns. */
const DEFECTS: NavItem & RoleRestricted = { label: 'Defects', to: '/defects', icon: 'defects', count: 'defects', ownerOnly: true }
const PROFILE: NavItem & RoleRestricted = { label: 'Profile', to: '/profile', icon: 'profile' }

const USER_MENU: (MenuLink & RoleRestricted)[] = [
  { label: 'My Profile', to: '/profile' },
  { label: 'Settings', to: '/settings' },
  { label: 'Change Password', to: '/change-password' },
  { label: 'Driver Licence', to: '/documents' },
  { label: 'Unit Settings', to: '/unit-settings', ownerOnly: true },
  { label: 'Inspection Types', to: '/inspection-types', ownerOnly: true },
]

function visibleTo<T extends RoleRestricted>(items: T[], role: RoleName | undefined): Omit<T, 'ownerOnly'>[] {
  return items.filter((item) => !item.ownerOnly || role === 'owner').map(({ ownerOnly: _ownerOnly, ...item }) => item)
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
export const waitingLabel = (count: number | null) => (count === 1 ? '1 request to join' : `${count} requests to join`)

/** The badge number for an item: only counts above zero show (spec §2). */
export function badgeCount(item: NavItem, counts: DashboardCounts | undefined): number | null {
  return shownCount(item.count, counts)
}

/** The waiting badge's number (e.g. requests to join, on Drivers): only above zero. */
export function waitingCount(item: NavItem, counts: DashboardCounts | undefined): number | null {
  return shownCount(item.waiting, counts)
}
