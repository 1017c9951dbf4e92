import { describe, expect, test } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Unit } from '../../../core/contract/units.ts'
import { AddDocumentModal, listedUnitChoices } from '../../../src/features/documents/add-document-modal.tsx'
import { ownerUnitChoicesQuery } from '../../../src/features/documents/unit-choices-query.ts'

const unit = (id: string, unitNumber: string, vin: string) => ({ _id: id, unitNumber, vin }) as Unit

function renderModal(scope: { kind: 'app' } | { kind: 'unit'; unitId: string }, isOwner = true) {
  const client = new QueryClient()
  client.setQueryData(ownerUnitChoicesQuery('c1').queryKey, [unit('u1', '101', '3AKJHHDR5NSNA1234'), unit('u2', '102', '1XKYD49X1MJ441876')])
  render(
    <QueryClientProvider client={client}>
      <AddDocumentModal scope={scope} isOwner={isOwner} userId="o1" companyId="c1" onClose={() => {}} />
    </QueryClientProvider>,
  )
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement

describe('add document', () => {
  test("'Visible to driver' starts on and 'All units' off", () => {
    renderModal({ kind: 'app' })
    expect(checkbox('Visible to driver').checked).toBe(true)
    expect(checkbox('All units').checked).toBe(false)
    expect(screen.getByText('SVG, PNG, JPG or GIF')).toBeTruthy()
  })

  test("'All units' is blocked while specific units are chosen", () => {
    renderModal({ kind: 'app' })
    fireEvent.click(checkbox('101 · 3AKJHHDR5NSNA1234'))
    expect(checkbox('All units').disabled).toBe(true)
    fireEvent.click(checkbox('101 · 3AKJHHDR5NSNA1234'))
    expect(checkbox('All units').disabled).toBe(false)
  })

  test("the Units choice is disabled while 'All units' is on", () => {
    renderModal({ kind: 'app' })
    fireEvent.click(checkbox('All units'))
    expect((screen.getByRole('group', { name: 'Units' }) as HTMLFieldSetElement).disabled).toBe(true)
  })

  test('a driver sees neither All units nor Visible to driver', () => {
    renderModal({ kind: 'unit', unitId: 'u1' }, false)
    expect(screen.queryByRole('checkbox', { name: 'All units' })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: 'Visible to driver' })).toBeNull()
  })

  test('File Name is required and what was typed stays', () => {
    renderModal({ kind: 'unit', unitId: 'u1' })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(screen.getByText('File Name is required.')).toBeTruthy()
    expect(screen.getByText('Choose a file to upload.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('File Name'), { target: { value: 'Insurance' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect((screen.getByLabelText('File Name') as HTMLInputElement).value).toBe('Insurance')
    expect(screen.queryByText('File Name is required.')).toBeNull()
  })

  test('choosing a file suggests its name as the File Name', () => {
    renderModal({ kind: 'unit', unitId: 'u1' })
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [new File(['x'], 'registration.pdf', { type: 'application/pdf' })] } })
    expect((screen.getByLabelText('File Name') as HTMLInputElement).value).toBe('registration')
  })

  test('the units filter matches number or VIN and lists chosen units first', () => {
    const units = [unit('u1', '101', 'AAA'), unit('u2', '102', 'BBB'), unit('u3', 'T201', 'CCC')]
    expect(listedUnitChoices(units, [], 'bb').map((u) => u._id)).toEqual(['u2'])
    expect(listedUnitChoices(units, ['u3'], '').map((u) => u._id)).toEqual(['u3', 'u1', 'u2'])
  })
})
