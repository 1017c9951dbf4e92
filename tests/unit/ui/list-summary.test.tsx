import { describe, expect, test } from 'vitest'
import { render, screen } from '@testing-library/react'
import { ListSummary, listSummaryText } from '../../../src/ui/list-summary.tsx'

const units = { one: 'unit', many: 'units' }

describe('the line above a paged list', () => {
  test('tells how many rows are loaded of the whole list, with thousands separated', () => {
    expect(listSummaryText({ shown: 50, total: 10_000, noun: units })).toBe('Showing 50 of 10,000 units')
    expect(listSummaryText({ shown: 1, total: 1, noun: units })).toBe('Showing 1 of 1 unit')
    expect(listSummaryText({ shown: 999, total: 1_234_567, noun: units })).toBe('Showing 999 of 1,234,567 units')
    expect(listSummaryText({ shown: 0, total: 100_000, noun: units })).toBe('Showing 0 of 100,000 units')
  })

  test('offline says the list is what the device saved, and how many of those match a search', () => {
    expect(listSummaryText({ shown: 12, total: 12, noun: units, offline: { saved: 150, searching: true } })).toBe(
      'Offline — searching the 150 units saved on this device. 12 match.',
    )
    expect(listSummaryText({ shown: 1, total: 1, noun: units, offline: { saved: 1_500, searching: true } })).toBe(
      'Offline — searching the 1,500 units saved on this device. 1 matches.',
    )
    expect(listSummaryText({ shown: 0, total: 0, noun: units, offline: { saved: 150, searching: true } })).toBe(
      'Offline — searching the 150 units saved on this device. None match.',
    )
    expect(listSummaryText({ shown: 150, total: 150, noun: units, offline: { saved: 150, searching: false } })).toBe(
      'Offline — showing the 150 units saved on this device.',
    )
  })

  test('is a status line, so a screen reader hears a new count once it settles', () => {
    render(<ListSummary shown={50} total={200} noun={units} />)
    expect(screen.getByRole('status').textContent).toBe('Showing 50 of 200 units')
  })
})
