import { describe, expect, test } from 'vitest'
import { needsDriverLicenceBanner } from '../../../src/app/layout/driver-licence-banner.tsx'
import type { UserDocument } from '../../../core/contract/auth.ts'

const licence: UserDocument = { _id: 'd1', type: 'driver-licence', url: '/front.png' }
const rearOnly: UserDocument = { _id: 'd2', type: 'driver-licence-rear', url: '/rear.png' }

describe('needsDriverLicenceBanner', () => {
  test('a driver without a licence sees it on the units screen', () => {
    expect(needsDriverLicenceBanner({ role: { name: 'driver' }, documents: [] }, '/units')).toBe(true)
  })

  test('a driver with only the rear side uploaded still sees it', () => {
    expect(needsDriverLicenceBanner({ role: { name: 'driver' }, documents: [rearOnly] }, '/profile')).toBe(true)
  })

  test('it is hidden on /documents, where the licence is uploaded', () => {
    expect(needsDriverLicenceBanner({ role: { name: 'driver' }, documents: [] }, '/documents')).toBe(false)
    expect(needsDriverLicenceBanner({ role: { name: 'driver' }, documents: [] }, '/documents/')).toBe(false)
  })

  test('a driver with a licence does not see it', () => {
    expect(needsDriverLicenceBanner({ role: { name: 'driver' }, documents: [licence] }, '/units')).toBe(false)
  })

  test('an owner never sees it', () => {
    expect(needsDriverLicenceBanner({ role: { name: 'owner' }, documents: [] }, '/units')).toBe(false)
  })
})
