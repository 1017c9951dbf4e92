import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { CatalogueIcon, iconLabel, INSPECTION_ICON_NAMES, isIconName, UNIT_TYPE_ICON_NAMES } from '../../../src/ui/icon-catalogue.tsx'

describe('icon catalogue', () => {
  test('offers about seventy named icons for inspection types', () => {
    expect(INSPECTION_ICON_NAMES.length).toBeGreaterThanOrEqual(70)
  })

  test('has every icon the built-in inspection types and unit types use', () => {
    const needed = ['lights', 'tire', 'oil-can', 'coolant', 'brake', 'mirror', 'horn', 'wiper', 'battery', 'seat-belt', 'car', 'key', 'lock', 'tools', 'truck', 'trailer']
    expect(needed.filter((name) => !isIconName(name))).toEqual([])
    expect(UNIT_TYPE_ICON_NAMES.map(iconLabel)).toEqual(['Truck', 'Trailer'])
  })

  test('every icon draws something', () => {
    const empty = [...INSPECTION_ICON_NAMES, ...UNIT_TYPE_ICON_NAMES].filter((name) => {
      const { container, unmount } = render(<CatalogueIcon name={name} />)
      const shapes = container.querySelector('svg')?.childElementCount ?? 0
      unmount()
      return shapes === 0
    })
    expect(empty).toEqual([])
  })

  test('an unknown name still renders a neutral icon, labelled by its name', () => {
    const { getByRole } = render(<CatalogueIcon name="no-such-icon" title="no-such-icon" />)
    expect(getByRole('img', { name: 'no-such-icon' })).toBeTruthy()
    expect(iconLabel('no-such-icon')).toBe('no-such-icon')
  })
})
