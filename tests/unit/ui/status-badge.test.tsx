import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { activate } from '../../../src/i18n/translate.ts'
import { StatusBadge, statusBadgeLook, unitStatusWords } from '../../../src/ui/status-badge.tsx'

describe('status badge', () => {
  test.each([
    ['Available', 'Available', 'green'],
    ['Assigned to Driver', 'Assigned', 'primary'],
    ['Rented Out', 'Rented Out', 'teal'],
    ['Maintenance', 'Maintenance', 'yellow'],
    ['Reserved', 'Reserved', 'mint'],
  ])('%s shows as %s in %s', (status, label, colour) => {
    const look = statusBadgeLook(status)
    expect(look.label).toBe(label)
    expect(look.className).toContain(colour)
  })

  test('an unknown status shows its own text on a neutral badge', () => {
    expect(statusBadgeLook('Sold')).toEqual({ label: 'Sold', className: expect.stringContaining('slate') })
  })

  test('Assigned to Driver renders as Assigned', () => {
    render(<StatusBadge status="Assigned to Driver" />)
    expect(screen.getByText('Assigned')).toBeTruthy()
  })

  test('in a sentence a status reads as its own words, in the reader’s language', () => {
    expect(unitStatusWords('Assigned to Driver')).toBe('Assigned to Driver')
    const spanish = JSON.parse(readFileSync('src/i18n/catalogs/es.json', 'utf8')) as Record<string, string>
    activate('es', (message) => spanish[message])
    try {
      expect(unitStatusWords('Assigned to Driver')).toBe('Asignada a un conductor')
      expect(unitStatusWords('Maintenance')).toBe('Mantenimiento')
      expect(unitStatusWords('Sold')).toBe('Sold')
    } finally {
      activate('en', null)
    }
  })
})
