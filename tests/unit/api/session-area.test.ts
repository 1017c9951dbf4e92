import { describe, expect, test } from 'vitest'
import { annLee } from '../auth/auth-user-fixture.ts'
import { sessionArea } from '../../../src/api/current-user.ts'

const user = annLee

describe('which area of the app a user belongs in', () => {
  test('no user is signed out', () => {
    expect(sessionArea(null)).toBe('signed-out')
    expect(sessionArea(undefined)).toBe('signed-out')
  })

  test('a user flagged new is onboarding even with a role and company', () => {
    expect(sessionArea(user({ isNewUser: true }))).toBe('onboarding')
  })

  test('a user without a role or without a company is onboarding', () => {
    expect(sessionArea(user({ role: null }))).toBe('onboarding')
    expect(sessionArea(user({ company: null }))).toBe('onboarding')
  })

  test('an owner or driver with a company is signed in', () => {
    expect(sessionArea(user({}))).toBe('signed-in')
    expect(sessionArea(user({ role: { name: 'driver' } }))).toBe('signed-in')
  })
})
