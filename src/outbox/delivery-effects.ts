// What a delivered (or refused) op changes on the screens, in one table: for each kind of op, the
// queries it makes out of date, and for a finish that changes a unit's status, the status to show until
// the server's fresh read arrives. Applied in one place (followDeliveries), on every page, for every
// delivery announced by whoever made it (delivery-news.ts). Dexie-free: the shell runs it.
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { DraftKind } from '../../core/contract/inspections.ts'
import type { UnitStatus } from '../../core/contract/units.ts'
import { cachedDriver } from './cached-driver.ts'
import type { OpKind } from './outbox-db.ts'
import { onDeliveryNews, type DeliveryNews } from './delivery-news.ts'
import { showUnitStatus } from './unit-status-cache.ts'

/** The unit's status once a finished draft of this kind is applied; null: a finish that sets none. */
export const FINISHED_STATUS: Record<DraftKind, UnitStatus | null> = {
  inspection: 'Assigned to Driver',
  reserve: 'Reserved',
  'pre-inspection': null,
}

/**
 * Query keys (prefixes) a finished draft of each kind makes out of date. 'units' covers the unit, its
 * history, every units list and a driver's units; 'pre-inspections' a driver's list, the last report
 * and the owner's Pre-Trip tab.
 */
const FINISH_TOUCHES: Record<DraftKind, (news: DeliveryNews) => QueryKey[]> = {
  // A pre-trip's out-of-service defect may take the unit out of service; its defects list the unit's.
  'pre-inspection': () => [['pre-inspections'], ['units'], ['defects'], ['dashboard-counts']],
  inspection: (news) => [['units'], ['inspections', 'pages', news.unitId], ['drivers'], ['dashboard-counts']],
  reserve: (news) => [['units'], ['inspections', 'pages', news.unitId], ['dashboard-counts']],
}

/** For each kind of op, what its delivery (or refusal) makes out of date. */
export const OP_TOUCHES: Record<OpKind, (news: DeliveryNews) => QueryKey[]> = {
  // The draft, its captures, results and review live on the device until the finish: nothing on screen reads them from the server.
  create: () => [],
  upload: () => [],
  remove: () => [],
  result: () => [],
  review: () => [],
  update: (news) => (news.finished && news.draftKind ? FINISH_TOUCHES[news.draftKind](news) : []),
  // A draft cancelled on the server leaves the unit as it was; its owner's view of the unit is asked again.
  delete: (news) => [['units', 'info', news.unitId]],
  // A certification closes a defect: the defects lists, the last report a driver reviews, the unit's status.
  certify: () => [['defects'], ['pre-inspections'], ['units'], ['dashboard-counts']],
  // The user now carries the language: every copy of them is asked again (api/current-user.ts's key).
  language: () => [['user']],
}

/** Patches and refreshes what `news` changed. */
export function applyDeliveryNews(queryClient: QueryClient, news: DeliveryNews): void {
  const status = news.opKind === 'update' && news.finished && news.draftKind ? FINISHED_STATUS[news.draftKind] : null
  // The server took it: its effect shows now, so no read from before the delivery can show the old status meanwhile.
  if (status && news.outcome === 'delivered') showUnitStatus(queryClient, news.unitId, status, cachedDriver(queryClient, news.toUserId))
  for (const queryKey of OP_TOUCHES[news.opKind](news)) void queryClient.invalidateQueries({ queryKey })
}

/**
 * Every page applies every delivery it hears of; `onRefused` gets a refusal's words, for the screen the
 * user is on (the waiting list keeps them too). Returns the stop.
 */
export function followDeliveries(queryClient: QueryClient, onRefused: (message: string) => void = () => {}): () => void {
  return onDeliveryNews((news) => {
    applyDeliveryNews(queryClient, news)
    if (news.outcome === 'refused' && news.message) onRefused(news.message)
  })
}
