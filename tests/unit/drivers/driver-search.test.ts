import { describe, expect, test } from 'vitest'
import { matchesDriverSearch } from '../../../src/features/drivers/driver-search.ts'

const maria = { user: { _id: '1', firstName: 'Maria', lastName: 'Lopez', phone: '(555) 010-2030', email: 'maria@fleetyard.demo' } }

describe('drivers search', () => {
  test.each([
    ['first name', 'mar'],
    ['full name', 'maria lopez'],
    ['phone', '010-20'],
    ['email', 'FLEETYARD.DEMO'],
  ])('matches the %s', (_field, term) => {
    expect(matchesDriverSearch(maria, term)).toBe(true)
  })

  test('an empty term matches and an unrelated one does not', () => {
    expect(matchesDriverSearch(maria, ' ')).toBe(true)
    expect(matchesDriverSearch(maria, 'alex')).toBe(false)
  })
})
