// The news that the server took or refused a queued op, from whoever sent it — this page's replayer,
// another tab's, or the service worker's Background Sync — to every open page of the app, which then
// refreshes what the op changed (delivery-effects.ts). Before, only the page that ran Finish refreshed,
// through a closure made there; a delivery by the worker or a reloaded page left every screen on the
// read taken before it (issue 22). Dexie-free, so the shell listens without loading the outbox.
import type { DraftKind } from '../../core/contract/inspections.ts'
import type { OpKind } from './outbox-db.ts'

export interface DeliveryNews {
  opKind: OpKind
  /** The kind of the draft the op carries; null for an op that carries none (a certification). */
  draftKind: DraftKind | null
  unitId: string
  draftId: string
  /** delivered: the server took it (2xx, or a removal of what is already gone); refused: a 4xx it will not take. */
  outcome: 'delivered' | 'refused'
  /** An update that finished its draft (currentStep 5): the draft's effect applies. */
  finished: boolean
  /** The driver an assignment hands the unit to. */
  toUserId: string | null
  /** A refusal's words (the server's message), shown on whatever screen the user is on. */
  message?: string | null
}

const CHANNEL_NAME = 'fleetyard-deliveries'

type Listener = (news: DeliveryNews) => void
/** Where there is no BroadcastChannel, news stays within the context that made it. */
const localListeners = new Set<Listener>()
let sender: BroadcastChannel | null = null

function hasChannels(): boolean {
  return typeof BroadcastChannel === 'function'
}

function isNews(value: unknown): value is DeliveryNews {
  if (typeof value !== 'object' || value === null) return false
  const news = value as Partial<DeliveryNews>
  return typeof news.opKind === 'string' && typeof news.unitId === 'string' && (news.outcome === 'delivered' || news.outcome === 'refused')
}

/**
 * Tells every page of the app (this one included: a channel hears every other channel object of its
 * name, and the listeners use their own). Never throws: the news is a courtesy, the op is already settled.
 */
export function announceDelivery(news: DeliveryNews): void {
  if (!hasChannels()) {
    for (const listener of [...localListeners]) listener(news)
    return
  }
  try {
    sender ??= new BroadcastChannel(CHANNEL_NAME)
    sender.postMessage(news)
  } catch {
    // A closed or unsupported channel: the pages' next reads still come from the server.
  }
}

/** Hears every delivery, wherever it was made; returns the stop. */
export function onDeliveryNews(listener: Listener): () => void {
  if (!hasChannels()) {
    localListeners.add(listener)
    return () => localListeners.delete(listener)
  }
  const channel = new BroadcastChannel(CHANNEL_NAME)
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isNews(event.data)) listener(event.data)
  })
  return () => channel.close()
}
