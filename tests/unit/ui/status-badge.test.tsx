import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { StatusBadge, statusBadgeLook } from '../../../src/ui/status-badge.tsx'

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
})
