// The header indicator's state is a pure function of the outbox summary, the network and the moment
// after the last change got through.
import { describe, expect, test } from 'vitest'
import type { OutboxSummary, WaitingItem } from '../../../src/outbox/outbox-summary.ts'
import { HELD_MESSAGE } from '../../../src/outbox/held-ops.ts'
import { SIGN_IN_AGAIN, WAITING_FOR_CONNECTION } from '../../../src/outbox/replay.ts'
import { NOT_SENT_MESSAGE, syncIndicatorState } from '../../../src/features/sync/sync-indicator-state.ts'

const UNIT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b001'

function item(seq: number, state: WaitingItem['state'], error: string | null = null, progress = 0): WaitingItem {
  return { seq, kind: 'create', what: 'Start inspection', unitId: UNIT, size: 2, state, progress, error }
}

/** A summary as summarizeOutbox builds it from these items. */
function summaryOf(items: WaitingItem[], progress = 0): OutboxSummary {
  return {
    pending: items.filter((entry) => entry.state === 'pending').length,
    sending: items.filter((entry) => entry.state === 'sending').length,
    failed: items.filter((entry) => entry.state === 'failed').length,
    held: items.filter((entry) => entry.state === 'held').length,
    progress,
    lastError: items.find((entry) => (entry.state === 'failed' || entry.state === 'held') && entry.error)?.error ?? items.find((entry) => entry.error)?.error ?? null,
    waitingItems: items,
  }
}

describe('syncIndicatorState', () => {
  test('shows nothing when nothing waits and nothing was just sent', () => {
    expect(syncIndicatorState({ summary: summaryOf([]), online: true, justSynced: false })).toEqual({ kind: 'hidden' })
    expect(syncIndicatorState({ summary: summaryOf([]), online: false, justSynced: false })).toEqual({ kind: 'hidden' })
  })

  test('says up to date right after the last change reached the server', () => {
    expect(syncIndicatorState({ summary: summaryOf([]), online: true, justSynced: true })).toEqual({ kind: 'synced' })
  })

  test('offline with waiting changes it is working offline with their count', () => {
    const summary = summaryOf([item(1, 'pending', WAITING_FOR_CONNECTION), item(2, 'pending')])
    expect(syncIndicatorState({ summary, online: false, justSynced: false })).toEqual({ kind: 'offline', count: 2 })
  })

  test('a server that cannot be reached counts as offline even when the browser thinks it is online', () => {
    const summary = summaryOf([item(1, 'pending', WAITING_FOR_CONNECTION)])
    expect(syncIndicatorState({ summary, online: true, justSynced: false })).toEqual({ kind: 'offline', count: 1 })
  })

  test('while a change is being sent it is syncing with the whole percent sent', () => {
    const summary = summaryOf([item(1, 'sending', null, 42), item(2, 'pending')], 42)
    expect(syncIndicatorState({ summary, online: true, justSynced: false })).toEqual({ kind: 'syncing', count: 2, progress: 42 })
  })

  test('online changes due to go show as syncing rather than waiting', () => {
    const summary = summaryOf([item(1, 'pending')])
    expect(syncIndicatorState({ summary, online: true, justSynced: false })).toEqual({ kind: 'syncing', count: 1, progress: 0 })
  })

  test('a refused change wins over everything else and carries its error', () => {
    const summary = summaryOf([item(1, 'sending', null, 10), item(2, 'failed', 'Unsupported file type.'), item(3, 'pending', WAITING_FOR_CONNECTION)])
    expect(syncIndicatorState({ summary, online: false, justSynced: false })).toEqual({ kind: 'failed', count: 3, error: 'Unsupported file type.' })
  })

  test('a refusal without a message still shows one', () => {
    const summary = summaryOf([item(1, 'failed')])
    expect(syncIndicatorState({ summary, online: true, justSynced: false })).toEqual({ kind: 'failed', count: 1, error: NOT_SENT_MESSAGE })
  })

  test('a change held for being too old to resend on its own needs the user like a refusal', () => {
    const summary = summaryOf([item(1, 'held', HELD_MESSAGE), item(2, 'pending', WAITING_FOR_CONNECTION)])
    expect(syncIndicatorState({ summary, online: true, justSynced: false })).toEqual({ kind: 'failed', count: 2, error: HELD_MESSAGE })
  })

  test('online changes held back by a server error or an ended session are waiting, with the reason', () => {
    const backoff = summaryOf([item(1, 'pending', 'The server could not take this change (503).')])
    expect(syncIndicatorState({ summary: backoff, online: true, justSynced: false })).toEqual({
      kind: 'waiting',
      count: 1,
      error: 'The server could not take this change (503).',
    })
    const paused = summaryOf([item(1, 'pending', SIGN_IN_AGAIN)])
    expect(syncIndicatorState({ summary: paused, online: true, justSynced: false })).toEqual({ kind: 'waiting', count: 1, error: SIGN_IN_AGAIN })
  })

  test('waiting changes hide a stale just-synced moment', () => {
    const summary = summaryOf([item(1, 'pending', WAITING_FOR_CONNECTION)])
    expect(syncIndicatorState({ summary, online: false, justSynced: true }).kind).toBe('offline')
  })
})
