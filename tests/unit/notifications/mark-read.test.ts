// Marking read on the device: the cached list changes at once, whatever the network, and the unread
// count follows — named notifications only, or all of them.
import { expect, test } from 'vitest'
import type { NotificationList } from '../../../core/contract/notifications.ts'
import { markedRead } from '../../../src/features/notifications/use-mark-read.ts'

const item = (id: string, read: boolean) => ({ _id: id, kind: 'document-expiry', title: id, body: '', link: '/app-documents', createdAt: '2026-05-01T07:00:00.000Z', read })
const list: NotificationList = { items: [item('a', false), item('b', false), item('c', true)], unread: 2 }

test('marking one unread notification read counts it out and leaves the others', () => {
  const after = markedRead(list, { ids: ['a'] })
  expect(after.items.map((entry) => entry.read)).toEqual([true, false, true])
  expect(after.unread).toBe(1)
})

test('marking an already read or unknown notification changes nothing', () => {
  expect(markedRead(list, { ids: ['c', 'zzz'] })).toEqual(list)
})

test('marking all read reads every one and zeroes the count', () => {
  const after = markedRead(list, { all: true })
  expect(after.items.every((entry) => entry.read)).toBe(true)
  expect(after.unread).toBe(0)
})
