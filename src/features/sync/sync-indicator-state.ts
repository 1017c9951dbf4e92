// What the header's sync indicator says, decided from the outbox summary alone (pure, so every case is
// tested without IndexedDB or a clock): nothing while all is sent, and otherwise the one state that
// most needs the user — a refusal first, then sending, then waiting for the network.
import type { OutboxSummary } from '../../outbox/outbox-summary.ts'
import { WAITING_FOR_CONNECTION } from '../../outbox/replay.ts'
import { m } from '../../i18n/translate.ts'

export type SyncIndicatorState =
  | { kind: 'hidden' }
  /** No network (or no answer from the server): changes wait on the device. */
  | { kind: 'offline'; count: number }
  /** Changes are going out; `progress` is the whole percent of the bytes in flight. */
  | { kind: 'syncing'; count: number; progress: number }
  /** The server refused a change, or one is too old to resend on its own: it will not go until the user acts. */
  | { kind: 'failed'; count: number; error: string }
  /** Online, but the changes sit out a backoff after a server error, or wait for a new sign-in. */
  | { kind: 'waiting'; count: number; error: string }
  /** Everything just reached the server; shown briefly, then hidden. */
  | { kind: 'synced' }

/** A refusal whose op recorded no message (never expected; the replayer always records one). */
export const NOT_SENT_MESSAGE = m('A change could not be sent.')

/** How long 'Up to date' stays after the last change reached the server. */
export const UP_TO_DATE_MS = 2500

export interface SyncIndicatorInput {
  summary: OutboxSummary
  /** The app's connectivity: false once the server is known to be out of reach. */
  online: boolean
  /** The last waiting change reached the server less than UP_TO_DATE_MS ago. */
  justSynced: boolean
}

export function syncIndicatorState({ summary, online, justSynced }: SyncIndicatorInput): SyncIndicatorState {
  const count = summary.waitingItems.length
  if (count === 0) return justSynced ? { kind: 'synced' } : { kind: 'hidden' }
  if (summary.failed > 0 || summary.held > 0) return { kind: 'failed', count, error: summary.lastError ?? NOT_SENT_MESSAGE }
  if (summary.sending > 0) return { kind: 'syncing', count, progress: summary.progress }
  if (!online || summary.lastError === WAITING_FOR_CONNECTION) return { kind: 'offline', count }
  // Due and about to go (a replay pass is on its way): say so rather than flash a waiting state.
  if (!summary.lastError) return { kind: 'syncing', count, progress: 0 }
  return { kind: 'waiting', count, error: summary.lastError }
}
