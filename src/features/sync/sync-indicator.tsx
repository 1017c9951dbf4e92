// The header's sync indicator (design.md §5, issue 3 item 6): nothing while every change is on the
// server; 'Working offline' with the count of waiting changes; 'Syncing' with progress; a refusal in
// red with its message and Retry; 'Up to date' for a moment once the last change got through. It
// links to the list of waiting changes.
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { useOutboxSummary } from '../../outbox/use-outbox.ts'
import { syncIndicatorState, UP_TO_DATE_MS, type SyncIndicatorState } from './sync-indicator-state.ts'
import { useRetryNow } from './use-retry-now.ts'
import { t } from '../../i18n/translate.ts'
import { outboxMessageText } from '../../outbox/outbox-message-text.ts'

/** True for UP_TO_DATE_MS after the count of waiting changes drops to zero. */
function useJustSynced(count: number): boolean {
  const [previousCount, setPreviousCount] = useState(count)
  const [justSynced, setJustSynced] = useState(false)
  // Derived during render, so 'Up to date' replaces the last 'Syncing' in the same paint.
  if (count !== previousCount) {
    setPreviousCount(count)
    setJustSynced(previousCount > 0 && count === 0)
  }
  useEffect(() => {
    if (!justSynced) return
    const timer = setTimeout(() => setJustSynced(false), UP_TO_DATE_MS)
    return () => clearTimeout(timer)
  }, [justSynced])
  return justSynced
}

export function SyncIndicator() {
  const summary = useOutboxSummary()
  const online = useOnlineStatus()
  const justSynced = useJustSynced(summary.waitingItems.length)
  const state = syncIndicatorState({ summary, online, justSynced })
  return (
    // Always mounted: a live region must exist before its content changes for the change to be read.
    <div role="status" aria-live="polite" className="flex min-w-0 items-center gap-2">
      {state.kind !== 'hidden' && <IndicatorContent state={state} />}
    </div>
  )
}

const TONES = {
  offline: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  waiting: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  syncing: 'bg-primary/10 text-primary dark:bg-primary/30 dark:text-white',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
  synced: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100',
} as const

const RETRY_TONES = {
  failed: 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950',
  waiting: 'text-amber-800 hover:bg-amber-50 dark:text-amber-200 dark:hover:bg-amber-950',
} as const

function IndicatorContent({ state }: { state: Exclude<SyncIndicatorState, { kind: 'hidden' }> }) {
  const { retrying, retry } = useRetryNow()
  return (
    <>
      <Link
        to="/sync"
        title={'error' in state ? outboxMessageText(state.error) : undefined}
        className={`flex min-h-9 min-w-0 items-center gap-2 rounded-full px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${TONES[state.kind]}`}
      >
        <StateIcon kind={state.kind} />
        <StateText state={state} />
      </Link>
      {(state.kind === 'failed' || state.kind === 'waiting') && (
        <button
          type="button"
          onClick={retry}
          disabled={retrying}
          className={`min-h-9 shrink-0 rounded-full border border-current px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60 ${RETRY_TONES[state.kind]}`}
        >
          {t('Retry')}
        </button>
      )}
    </>
  )
}

function StateText({ state }: { state: Exclude<SyncIndicatorState, { kind: 'hidden' }> }) {
  switch (state.kind) {
    case 'offline':
      return (
        <>
          <span className="whitespace-nowrap">{t('Working offline')}</span>
          <WaitingCount count={state.count} />
        </>
      )
    case 'syncing':
      return (
        <>
          <span className="whitespace-nowrap">{t('Syncing')}</span>
          <span className="tabular-nums">{state.progress}%</span>
        </>
      )
    case 'failed':
    case 'waiting':
      return (
        <>
          <span className="sr-only">{state.kind === 'failed' ? t('Not sent:') : t('Waiting to sync:')}</span>
          <span className="max-w-[9rem] truncate sm:max-w-[16rem]">{outboxMessageText(state.error)}</span>
          <WaitingCount count={state.count} />
        </>
      )
    case 'synced':
      return <span className="whitespace-nowrap">{t('Up to date')}</span>
  }
}

function WaitingCount({ count }: { count: number }) {
  return (
    <>
      <span aria-hidden="true" className="inline-flex min-w-6 items-center justify-center rounded-full bg-current/15 px-1.5 text-xs font-semibold tabular-nums">
        {count}
      </span>
      <span className="sr-only">{count === 1 ? '1 change waiting' : `${count} changes waiting`}</span>
    </>
  )
}

function StateIcon({ kind }: { kind: Exclude<SyncIndicatorState, { kind: 'hidden' }>['kind'] }) {
  let path: ReactNode
  switch (kind) {
    case 'offline':
      // A cloud, struck through.
      path = (
        <>
          <path d="M7 18h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.6 9.2 4.5 4.5 0 0 0 7 18z" />
          <path d="M4 4l16 16" />
        </>
      )
      break
    case 'syncing':
      // Two arrows chasing each other.
      path = (
        <>
          <path d="M20 11a8 8 0 0 0-14.5-4.6L4 8" />
          <path d="M4 4v4h4" />
          <path d="M4 13a8 8 0 0 0 14.5 4.6L20 16" />
          <path d="M20 20v-4h-4" />
        </>
      )
      break
    case 'failed':
    case 'waiting':
      path = (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v5.5" />
          <path d="M12 16.5h.01" />
        </>
      )
      break
    case 'synced':
      path = <path d="M5 12.5l4.5 4.5L19 7.5" />
      break
  }
  return (
    <svg
      className={`h-4 w-4 shrink-0 ${kind === 'syncing' ? 'motion-safe:animate-spin' : ''}`}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {path}
    </svg>
  )
}
