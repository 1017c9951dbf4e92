// The pre-trip checklist: the four defaults, then the sub type's inspection types, each name once.
import { expect, test } from 'vitest'
import { DEFAULT_CHECKLIST, pretripChecklist } from '../../../src/lib/checklist.ts'

test('a unit whose sub type attaches nothing gets the four default items, all photos', () => {
  expect(pretripChecklist([])).toEqual([
    { name: 'Lights', icon: 'lights', kind: 'photo' },
    { name: 'Tire Pressure & Condition', icon: 'tire', kind: 'photo' },
    { name: 'Engine Oil', icon: 'oil-can', kind: 'photo' },
    { name: 'Coolant level', icon: 'coolant', kind: 'photo' },
  ])
})

test("the sub type's inspection types follow the defaults in their own order, with their icon and kind", () => {
  const items = pretripChecklist([
    { name: 'Brakes', icon: 'brake', type: 'video' },
    { name: 'Mirrors', icon: 'mirror', type: 'photo' },
  ])
  expect(items.map((item) => [item.name, item.icon, item.kind])).toEqual([
    ['Lights', 'lights', 'photo'],
    ['Tire Pressure & Condition', 'tire', 'photo'],
    ['Engine Oil', 'oil-can', 'photo'],
    ['Coolant level', 'coolant', 'photo'],
    ['Brakes', 'brake', 'video'],
    ['Mirrors', 'mirror', 'photo'],
  ])
})

test('a sub type attaching a default item changes its kind in place instead of listing it twice', () => {
  const items = pretripChecklist([{ name: 'Lights', icon: 'lights', type: 'video' }])
  expect(items).toHaveLength(4)
  expect(items[0]).toEqual({ name: 'Lights', icon: 'lights', kind: 'video' })
})

test('names are matched ignoring case and extra spaces, and the first of two same-named types wins', () => {
  const items = pretripChecklist([
    { name: '  engine   oil ', icon: 'droplet', type: 'video' },
    { name: 'Horn', icon: 'horn', type: 'video' },
    { name: 'HORN', icon: 'bell', type: 'photo' },
  ])
  expect(items.map((item) => item.name)).toEqual(['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level', 'Horn'])
  expect(items.find((item) => item.name === 'Engine Oil')).toEqual({ name: 'Engine Oil', icon: 'droplet', kind: 'video' })
  expect(items.find((item) => item.name === 'Horn')).toEqual({ name: 'Horn', icon: 'horn', kind: 'video' })
})

test('a nameless inspection type is left out', () => {
  expect(pretripChecklist([{ name: '   ', icon: 'box', type: 'photo' }])).toHaveLength(DEFAULT_CHECKLIST.length)
})

test('assembling a checklist never changes the defaults themselves', () => {
  pretripChecklist([{ name: 'Lights', icon: 'flashlight', type: 'video' }])
  expect(DEFAULT_CHECKLIST[0]).toEqual({ name: 'Lights', icon: 'lights', kind: 'photo' })
})
