// How a waiting change reads on /sync: size, state, and the unit by number when the device knows it.
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import { cachedUnitNumber, formatSize, unitLabel, waitingItemState } from '../../../src/features/sync/waiting-item-text.ts'

const UNIT_A = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b001'
const UNIT_B = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b002'
const UNIT_C = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b003'

describe('formatSize', () => {
  test('small bodies in KB with one decimal, never 0.0 for a body with bytes', () => {
    expect(formatSize(2)).toBe('0.1 KB')
    expect(formatSize(0)).toBe('0.0 KB')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(1024 * 1024 - 1)).toBe('1024.0 KB')
  })

  test('a megabyte and more in MB', () => {
    expect(formatSize(1024 * 1024)).toBe('1.0 MB')
    expect(formatSize(2.5 * 1024 * 1024)).toBe('2.5 MB')
  })
})

test('the state reads Pending, Sending with its percent, or Failed', () => {
  expect(waitingItemState({ state: 'pending', progress: 0 })).toBe('Pending')
  expect(waitingItemState({ state: 'sending', progress: 37 })).toBe('Sending 37%')
  expect(waitingItemState({ state: 'failed', progress: 0 })).toBe('Failed')
  expect(waitingItemState({ state: 'held', progress: 0 })).toBe('Needs you')
})

describe('the unit of a waiting change', () => {
  test('is found by number in a cached unit, a cached units list, or a driver’s cached assignments', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['units', 'info', UNIT_A], { _id: UNIT_A, unitNumber: '1001' })
    queryClient.setQueryData(['units', 'company', 'c1'], [{ _id: UNIT_B, unitNumber: '1002' }])
    queryClient.setQueryData(['units', 'driver', 'd1'], [{ _id: 'link-1', unit_id: { _id: UNIT_C, unitNumber: '1003' } }])
    expect(cachedUnitNumber(queryClient, UNIT_A)).toBe('1001')
    expect(cachedUnitNumber(queryClient, UNIT_B)).toBe('1002')
    expect(cachedUnitNumber(queryClient, UNIT_C)).toBe('1003')
    expect(unitLabel(queryClient, UNIT_B)).toBe('Unit 1002')
  })

  test('is found by number in the loaded pages of a paged units list', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['units', 'pages', 'c1', { sort: 'newest' }], {
      pages: [
        { items: [{ _id: UNIT_A, unitNumber: '1001' }], total: 2, nextCursor: 'x' },
        { items: [{ _id: UNIT_B, unitNumber: '1002' }], total: 2, nextCursor: null },
      ],
      pageParams: [null, 'x'],
    })
    expect(cachedUnitNumber(queryClient, UNIT_B)).toBe('1002')
  })

  test('falls back to its id when the device has not cached it', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['drivers', 'company', 'c1'], [{ _id: UNIT_A, unitNumber: 'not a unit query' }])
    expect(cachedUnitNumber(queryClient, UNIT_A)).toBeNull()
    expect(unitLabel(queryClient, UNIT_A)).toBe(`Unit ${UNIT_A}`)
  })
})
