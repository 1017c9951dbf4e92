import { describe, expect, test } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Inspection, InspectionListItem } from '../../../core/contract/inspections.ts'
import { InspectionList, nextOpenRow } from '../../../src/features/unit-detail/inspection-list.tsx'
import { mediaDetailsQuery } from '../../../src/features/unit-detail/media-details-query.ts'

function item(id: string, overrides: Partial<Inspection> = {}): InspectionListItem {
  const createdAt = new Date(2025, 4, 2, 14, 30).toISOString()
  return {
    inspection_id: {
      _id: id,
      type: 'inspection',
      company_id: 'c1',
      unit_id: 'u1',
      user_id: 'o1',
      to_user_id: 'd1',
      description: `Notes of ${id}`,
      currentStep: 5,
      picture_ids: ['m1', 'm2'],
      video_ids: [],
      signature: { contentType: 'image/png', data: 'iVBORw0KGgo=' },
      to_user: { _id: 'd1', firstName: 'Alex', lastName: 'Driver', email: 'alex@fleetyard.demo', phone: '(512) 555-0142' },
      createdAt,
      updatedAt: createdAt,
      finishedAt: createdAt,
      ...overrides,
    },
    user_id: { _id: 'o1', firstName: 'Olivia', lastName: 'Owner' },
  }
}

function renderList(items: InspectionListItem[], client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <InspectionList items={items} source="inspection" label="Inspections" />
    </QueryClientProvider>,
  )
}

const rowButtons = () => screen.getAllByRole('button', { name: /05-02-2025 14:30 Olivia Owner/ })

describe('inspection rows', () => {
  test('clicking the open row closes it; clicking another moves the open row', () => {
    expect(nextOpenRow(null, 'a')).toBe('a')
    expect(nextOpenRow('a', 'a')).toBeNull()
    expect(nextOpenRow('a', 'b')).toBe('b')
  })

  test('a row shows its created date as MM-DD-YYYY HH:mm and its author', () => {
    renderList([item('one')])
    expect(screen.getByText('05-02-2025 14:30')).toBeTruthy()
    expect(screen.getByText('Olivia Owner')).toBeTruthy()
    expect(rowButtons()[0]?.getAttribute('aria-expanded')).toBe('false')
  })

  test('only one row is open at a time', () => {
    renderList([item('one'), item('two')])
    const [first, second] = rowButtons()
    fireEvent.click(first!)
    expect(screen.getByText('Notes of one')).toBeTruthy()
    fireEvent.click(second!)
    expect(screen.queryByText('Notes of one')).toBeNull()
    expect(screen.getByText('Notes of two')).toBeTruthy()
    expect(first!.getAttribute('aria-expanded')).toBe('false')
    expect(second!.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(second!)
    expect(screen.queryByText('Notes of two')).toBeNull()
  })

  test('an open row shows the driver contact, media counts and the signature', () => {
    renderList([item('one')])
    fireEvent.click(rowButtons()[0]!)
    expect(screen.getByText('Alex Driver')).toBeTruthy()
    expect(screen.getByRole('button', { name: '(512) 555-0142' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'alex@fleetyard.demo' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Pictures 2' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Videos 0' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('img', { name: 'Signature' }).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
  })

  test('an open row without description or signature says so', () => {
    renderList([item('one', { description: '  ', signature: null })])
    fireEvent.click(rowButtons()[0]!)
    expect(screen.getByText('No Description')).toBeTruthy()
    expect(screen.getByText('No signature available')).toBeTruthy()
  })

  test('the Pictures button opens the Preview gallery with each picture from its cached details', () => {
    const client = new QueryClient()
    // Loaded details are cached per media id, so a second opening asks the server nothing.
    for (const id of ['m1', 'm2']) {
      client.setQueryData(mediaDetailsQuery('inspection', 'pictures', id).queryKey, { signedUrl: `/api/files/media/${id}.jpg`, fileName: `${id}.jpg`, type: 'image' })
    }
    renderList([item('one')], client)
    fireEvent.click(rowButtons()[0]!)
    fireEvent.click(screen.getByRole('button', { name: 'Pictures 2' }))
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'm1.jpg' }).getAttribute('src')).toBe('/api/files/media/m1.jpg')
    expect(screen.getByRole('list', { name: 'Thumbnails' })).toBeTruthy()
  })
})
