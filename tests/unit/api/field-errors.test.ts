// Issue 17 (7): a refusal is a sentence for people plus the field it is about — told the same way by the
// server's 400s and by the app's own checks (core/contract/issues.ts), carried on the client's error,
// and placed under its field by the form that has it.
import { afterAll, beforeAll, expect, test } from 'vitest'
import * as v from 'valibot'
import { firstIssue } from '../../../core/contract/issues.ts'
import { UnitBody } from '../../../core/contract/units.ts'
import { CreateDocumentFields } from '../../../core/contract/documents.ts'
import { LicenceExpiryBody } from '../../../core/contract/reminder-fields.ts'
import { createApiClient, HTTPError } from '../../../src/api/client.ts'
import { errorField, formErrorOf } from '../../../src/api/error-message.ts'
import { startLocalServer, type LocalServer } from './local-server.ts'

let server: LocalServer
beforeAll(async () => {
  server = await startLocalServer()
})
afterAll(() => server.close())

const issueOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  if (result.success) throw new Error('expected a refusal')
  return firstIssue(result.issues)
}

const validUnit = { unitNumber: 'U-1', vin: '1FUJGLDR0CLBP0001', make: 'Volvo', model: 'VNL', year: 2022, unitTypeId: crypto.randomUUID(), unitSubTypeId: crypto.randomUUID() }

test('a too long make is said with its limit, and names make as its field, not in its words', () => {
  expect(issueOf(UnitBody, { ...validUnit, make: 'M'.repeat(101) })).toEqual({ message: 'Make is too long (at most 100 characters).', field: 'make' })
})

test('a field left out is required by its form label; valibot’s programmer texts never reach people', () => {
  const { make: _make, ...withoutMake } = validUnit
  expect(issueOf(UnitBody, withoutMake)).toEqual({ message: 'Make is required.', field: 'make' })
  expect(issueOf(CreateDocumentFields, { fileName: 'Insurance', allUnits: 'yes' })).toEqual({ message: 'All units must be 0 or 1.', field: 'allUnits' })
  expect(issueOf(CreateDocumentFields, { fileName: 'Insurance', units: 'not-an-id' })).toEqual({ message: 'One of the chosen units is not valid.', field: 'units' })
  expect(issueOf(v.object({ oddKey: v.string() }), { oddKey: 5 })).toEqual({ message: 'Odd key is not valid.', field: 'oddKey' })
})

test('a date is checked by the one rule on the client too: real days, years 1900 to 2100', () => {
  expect(issueOf(LicenceExpiryBody, { expiresOn: '2026-02-30' })).toEqual({ message: 'Expiry date is not a real date.', field: 'expiresOn' })
  expect(issueOf(LicenceExpiryBody, { expiresOn: '9999-01-01' })).toEqual({ message: 'Expiry date must be between 1900 and 2100.', field: 'expiresOn' })
  expect(v.safeParse(LicenceExpiryBody, { expiresOn: '' }).output).toEqual({ expiresOn: null })
})

test('the client keeps the field on the error, and a form shows it under its own field or in its banner', async () => {
  server.answer(() => ({ status: 409, body: { message: 'There is already a unit type named "Truck".', field: 'name' } }))
  const error = await createApiClient(server.url).post('unit-types', { json: {} }).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(HTTPError)
  expect((error as HTTPError).message).toBe('There is already a unit type named "Truck".')
  expect(errorField(error)).toBe('name')
  expect(formErrorOf(error, ['name'])).toEqual({ field: 'name', message: 'There is already a unit type named "Truck".' })
  // A form without that field shows it as it came, above the form.
  expect(formErrorOf(error, ['icon'])).toEqual({ field: null, message: 'There is already a unit type named "Truck".' })
})
