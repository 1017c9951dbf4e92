import { describe, expect, test } from 'vitest'
import type { CompanyDocument } from '../../../core/contract/documents.ts'
import { attachedLabel, matchesDocument } from '../../../src/features/documents/document-search.ts'
import { documentFormData } from '../../../src/features/documents/use-create-document.ts'

function documentNamed(fileName: string, overrides: Partial<CompanyDocument> = {}): CompanyDocument {
  return {
    _id: 'd1',
    fileName,
    authorId: { _id: 'o1', firstName: 'Olivia', lastName: 'Owner' },
    cloudflareKey: 'documents/abc.pdf',
    url: '/api/files/documents/abc.pdf',
    downloadUrl: '/api/files/documents/abc.pdf?download=1',
    allUnits: false,
    unitIds: [],
    showForDrivers: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

describe('documents search', () => {
  test('matches the file name, ignoring case', () => {
    expect(matchesDocument(documentNamed('Insurance Policy'), 'insurance')).toBe(true)
    expect(matchesDocument(documentNamed('Insurance Policy'), 'POLICY')).toBe(true)
    expect(matchesDocument(documentNamed('Insurance Policy'), 'registration')).toBe(false)
  })

  test("matches the author's first name but not their last name", () => {
    expect(matchesDocument(documentNamed('Permit'), 'olivia')).toBe(true)
    expect(matchesDocument(documentNamed('Permit'), 'owner')).toBe(false)
  })

  test('an empty search matches everything, and a document without an author still matches by name', () => {
    expect(matchesDocument(documentNamed('Permit'), '  ')).toBe(true)
    expect(matchesDocument(documentNamed('Permit', { authorId: null }), 'perm')).toBe(true)
    expect(matchesDocument(documentNamed('Permit', { authorId: null }), 'olivia')).toBe(false)
  })

  test('Attached says All Units or lists the unit VINs', () => {
    expect(attachedLabel(documentNamed('a', { allUnits: true }))).toBe('All Units')
    expect(
      attachedLabel(
        documentNamed('a', {
          unitIds: [
            { _id: 'u1', vin: '1XKYD49X1MJ441876' },
            { _id: 'u2', vin: '1GRAA0621LB701234' },
          ],
        }),
      ),
    ).toBe('1XKYD49X1MJ441876, 1GRAA0621LB701234')
  })
})

describe('the add-document request', () => {
  test('sends the create fields of spec §3 as 0/1 flags and a comma list of units', () => {
    const file = new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' })
    const form = documentFormData({ file, fileName: ' Policy ', allUnits: false, showForDrivers: true, unitIds: ['u1', 'u2'] })
    expect((form.get('files') as File).name).toBe('policy.pdf')
    expect(form.get('fileName')).toBe('Policy')
    expect(form.get('allUnits')).toBe('0')
    expect(form.get('showForDrivers')).toBe('1')
    expect(form.get('units')).toBe('u1,u2')
  })

  test('all units sends no unit list', () => {
    const file = new File(['x'], 'a.png')
    const form = documentFormData({ file, fileName: 'a', allUnits: true, showForDrivers: false, unitIds: ['u1'] })
    expect(form.get('allUnits')).toBe('1')
    expect(form.get('showForDrivers')).toBe('0')
    expect(form.get('units')).toBe('')
  })

  test('an expiry date goes along when one is chosen, and nothing when not', () => {
    const file = new File(['x'], 'a.png')
    expect(documentFormData({ file, fileName: 'a', allUnits: true, showForDrivers: true, unitIds: [], expiresOn: '2026-12-31' }).get('expiresOn')).toBe('2026-12-31')
    expect(documentFormData({ file, fileName: 'a', allUnits: true, showForDrivers: true, unitIds: [], expiresOn: '' }).has('expiresOn')).toBe(false)
  })
})
