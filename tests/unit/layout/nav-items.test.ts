import { describe, expect, test } from 'vitest'
import { badgeCount, bottomBarItems, sidebarItems, userMenuLinks, waitingCount } from '../../../src/app/layout/nav-items.ts'

const labels = (items: { label: string }[]) => items.map((item) => item.label)

describe('sidebar items', () => {
  test('an owner sees Drivers, Units and Documents', () => {
    expect(labels(sidebarItems('owner'))).toEqual(['Drivers', 'Units', 'Documents', 'Defects'])
  })

  test('a driver sees Units and Documents but not Drivers', () => {
    expect(labels(sidebarItems('driver'))).toEqual(['Units', 'Documents'])
  })

  test('Documents leads to the app documents screen', () => {
    expect(sidebarItems('owner').find((item) => item.label === 'Documents')?.to).toBe('/app-documents')
  })
})

describe('bottom bar items', () => {
  test('an owner gets four columns: Drivers, Units, Documents, Profile', () => {
    expect(labels(bottomBarItems('owner'))).toEqual(['Drivers', 'Units', 'Documents', 'Profile'])
  })

  test('a driver gets three columns: Units, Documents, Profile', () => {
    expect(labels(bottomBarItems('driver'))).toEqual(['Units', 'Documents', 'Profile'])
  })
})

describe('user menu links', () => {
  test('an owner sees every item in spec order', () => {
    expect(userMenuLinks('owner').map((item) => [item.label, item.to])).toEqual([
      ['My Profile', '/profile'],
      ['Settings', '/settings'],
      ['Change Password', '/change-password'],
      ['Driver Licence', '/documents'],
      ['Unit Settings', '/unit-settings'],
      ['Inspection Types', '/inspection-types'],
    ])
  })

  test('a driver sees neither Unit Settings nor Inspection Types', () => {
    expect(labels(userMenuLinks('driver'))).toEqual(['My Profile', 'Settings', 'Change Password', 'Driver Licence'])
  })

  test('a user without a role gets only the owner-free items', () => {
    expect(labels(userMenuLinks(undefined))).not.toContain('Unit Settings')
  })
})

describe('badgeCount', () => {
  const [drivers, units, documents] = sidebarItems('owner') as [ReturnType<typeof sidebarItems>[number], ReturnType<typeof sidebarItems>[number], ReturnType<typeof sidebarItems>[number]]

  test('shows the matching dashboard count when it is above zero', () => {
    expect(badgeCount(drivers, { drivers: 2, units: 14, defects: 0, joinRequests: 0 })).toBe(2)
    expect(badgeCount(units, { drivers: 2, units: 14, defects: 0, joinRequests: 0 })).toBe(14)
  })

  test('shows no badge for a zero count', () => {
    expect(badgeCount(drivers, { drivers: 0, units: 3, defects: 0, joinRequests: 0 })).toBeNull()
  })

  test('Drivers carries a waiting badge for requests to join, and only Drivers does', () => {
    expect(waitingCount(drivers, { drivers: 2, units: 14, defects: 0, joinRequests: 3 })).toBe(3)
    expect(waitingCount(drivers, { drivers: 2, units: 14, defects: 0, joinRequests: 0 })).toBeNull()
    expect(waitingCount(units, { drivers: 2, units: 14, defects: 0, joinRequests: 3 })).toBeNull()
  })

  test('shows no badge before the counts have loaded', () => {
    expect(badgeCount(units, undefined)).toBeNull()
  })

  test('the Defects badge shows the open defects', () => {
    const defects = sidebarItems('owner').find((item) => item.label === 'Defects')!
    expect(badgeCount(defects, { drivers: 2, units: 14, defects: 3, joinRequests: 0 })).toBe(3)
    expect(badgeCount(defects, { drivers: 2, units: 14, defects: 0, joinRequests: 0 })).toBeNull()
  })

  test('shows no badge on an item without a count', () => {
    expect(badgeCount(documents, { drivers: 2, units: 14, defects: 0, joinRequests: 0 })).toBeNull()
  })
})
