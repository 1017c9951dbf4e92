// Changes the device made and the server has not acknowledged keep showing, whatever the server answers
// meanwhile: a unit an owner assigned or reserved offline stays 'Assigned to Driver' / 'Reserved' in
// every cached unit and list — a read that lands between the network's return and the finish's
// acknowledgement no longer puts 'Available' back on screen (issue 22). Runs with the page's outbox
// (it reads the outbox's drafts), and keeps api/pending-changes.ts current for the persisted cache.
import { liveQuery } from 'dexie'
import type { QueryClient } from '@tanstack/react-query'
import type { UnitStatus } from '../../core/contract/units.ts'
import type { AuthUser, Language } from '../../core/contract/auth.ts'
import { setPendingChanges } from '../api/pending-changes.ts'
import { FINISHED_STATUS } from './delivery-effects.ts'
import { outboxDb, type DraftRecord, type OpRecord, type OutboxDb } from './outbox-db.ts'
import { showUnitStatus } from './unit-status-cache.ts'
import { cachedDriver } from './cached-driver.ts'

interface PendingStatus {
  status: UnitStatus
  toUserId: string | null
}

/** Unit → the status its waiting finish will give it. A finish the server refused overlays nothing. */
export function pendingStatuses(drafts: readonly DraftRecord[], ops: readonly OpRecord[]): Map<string, PendingStatus> {
  const refused = new Set(ops.filter((op) => op.state === 'failed').map((op) => op.draftId))
  const statuses = new Map<string, PendingStatus>()
  for (const draft of [...drafts].sort((a, b) => a.updatedAt - b.updatedAt)) {
    const status = FINISHED_STATUS[draft.kind]
    if (draft.status !== 'finishing' || !status || refused.has(draft.id)) continue
    statuses.set(draft.unitId, { status, toUserId: draft.toUserId })
  }
  return statuses
}

/** User → the language their waiting (not refused) language op gives them; the last one wins. */
export function pendingLanguages(ops: readonly OpRecord[]): Map<string, Language> {
  const languages = new Map<string, Language>()
  for (const op of [...ops].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (op.kind === 'language' && op.state !== 'failed') languages.set(op.ownerUserId, op.payload.language)
  }
  return languages
}

/** Starts overlaying; returns the stop. */
export function startPendingOverlay(queryClient: QueryClient, db: OutboxDb = outboxDb): () => void {
  let statuses = new Map<string, PendingStatus>()
  // A language chosen offline: a read of the user before its op lands must not switch the app back.
  let languages = new Map<string, Language>()
  const overlayLanguages = () => {
    for (const [userId, language] of languages) {
      queryClient.setQueryData<AuthUser>(['user', userId], (user) => (user && user.language !== language ? { ...user, language } : user))
    }
  }
  const overlay = (unitIds: Iterable<string> = statuses.keys()) => {
    for (const unitId of unitIds) {
      const pending = statuses.get(unitId)
      if (pending) showUnitStatus(queryClient, unitId, pending.status, cachedDriver(queryClient, pending.toUserId))
    }
  }
  const subscription = liveQuery(async () => ({
    drafts: await db.drafts.where('status').equals('finishing').toArray(),
    ops: await db.ops.toArray(),
  })).subscribe({
    next: ({ drafts, ops }) => {
      setPendingChanges(ops.some((op) => op.state !== 'failed'))
      statuses = pendingStatuses(drafts, ops)
      languages = pendingLanguages(ops)
      overlay()
      overlayLanguages()
    },
    error: () => undefined,
  })
  // A read from the server (not a patch made here: those are 'manual') lands over the overlay: put it back.
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return
    if (event.query.queryKey[0] === 'units' && statuses.size > 0) overlay()
    if (event.query.queryKey[0] === 'user' && languages.size > 0) overlayLanguages()
  })
  return () => {
    subscription.unsubscribe()
    unsubscribe()
  }
}
