// /sync: every change of the signed-in user that has not reached the server yet — what it is, which
// unit, how big, and how far it got — with Retry. Read from IndexedDB, so it works offline and shows
// the same list after a reload. A change held for being too old to resend on its own
// (outbox/held-ops.ts) offers 'Send anyway' and 'Discard', each saying first what it may do.
import { useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { toast } from 'react-hot-toast'
import { errorText } from '../../api/error-message.ts'
import { discardHeldOp, discardWarning, SEND_ANYWAY_WARNING, sendHeldOp } from '../../outbox/held-ops.ts'
import { outboxDb } from '../../outbox/outbox-db.ts'
import { readOutboxSummary, type WaitingItem } from '../../outbox/outbox-summary.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { StoragePromiseNote } from './storage-promise.tsx'
import { formatSize, unitLabel, waitingItemState } from './waiting-item-text.ts'
import { useRetryNow } from './use-retry-now.ts'
import { t, tr } from '../../i18n/translate.ts'
import { outboxMessageText } from '../../outbox/outbox-message-text.ts'

export function WaitingItemsScreen() {
  // No default: 'Everything is up to date.' must not flash while IndexedDB is still being read.
  const summary = useLiveQuery(() => readOutboxSummary(outboxDb), [])
  const { retrying, retry } = useRetryNow()
  const items = summary?.waitingItems

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Waiting changes')}>
        {items && items.length > 0 && (
          <Button onClick={retry} pending={retrying}>
            {t('Retry')}
          </Button>
        )}
      </PageHeader>
      <StoragePromiseNote />
      {!items ? (
        <SkeletonList count={3} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700 dark:border-strokedark dark:bg-boxdark dark:text-slate-200">
          {t('Everything is up to date.')}
        </p>
      ) : (
        <>
          <p className="mb-4 text-slate-600 dark:text-slate-300">
            {t('These changes are kept on this device and are sent, in order, as soon as the server can be reached.')}
          </p>
          <ul aria-label={t('Waiting changes')} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-strokedark dark:border-strokedark dark:bg-boxdark">
            {items.map((item) => (
              <WaitingItemRow key={item.seq} item={item} />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

const STATE_TONES = {
  pending: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-100',
  sending: 'bg-primary/10 text-primary dark:bg-primary/30 dark:text-white',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
  held: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100',
} as const

function WaitingItemRow({ item }: { item: WaitingItem }) {
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<'send' | 'discard' | null>(null)
  const [working, setWorking] = useState(false)
  const act = async () => {
    setWorking(true)
    try {
      if (asking === 'send') await sendHeldOp(outboxDb, item.seq, Date.now())
      else await discardHeldOp(outboxDb, item.seq, Date.now())
      setAsking(null)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setWorking(false)
    }
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-4">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900 dark:text-white">{item.what}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {/* A change of the user (their language) is for no unit. */}
          {item.unitId ? `${unitLabel(queryClient, item.unitId)} · ` : ''}
          {formatSize(item.size)}
        </p>
        {item.error && (
          <p className={`mt-1 text-sm ${item.state === 'failed' || item.state === 'held' ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}>{outboxMessageText(item.error)}</p>
        )}
        {item.state === 'held' && (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setAsking('send')}>
              {t('Send anyway')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking('discard')}>
              {t('Discard')}
            </Button>
          </div>
        )}
      </div>
      <span className={`shrink-0 rounded-full px-3 py-1 text-sm font-medium tabular-nums ${STATE_TONES[item.state]}`}>{waitingItemState(item)}</span>
      {asking && (
        <ConfirmDialog
          title={asking === 'send' ? t('Send anyway?') : t('Discard this change?')}
          message={tr(asking === 'send' ? SEND_ANYWAY_WARNING : discardWarning(item.kind))}
          confirmLabel={asking === 'send' ? t('Send anyway') : t('Discard')}
          pending={working}
          onConfirm={() => void act()}
          onCancel={() => setAsking(null)}
        />
      )}
    </li>
  )
}
