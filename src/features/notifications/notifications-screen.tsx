// /notifications (issue 15): the person's notifications, newest first — reminders and tests — each
// opening the screen it is about and marking itself read; 'Mark all read' for the rest. Offline it shows
// the list last loaded (the persisted cache), and marking read still works (see use-mark-read.ts).
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import dayjs from 'dayjs'
import type { AppNotification } from '../../../core/contract/notifications.ts'
import { storedUserId } from '../../api/session.ts'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { BellIcon } from './bell-icon.tsx'
import { notificationsQuery } from './notifications-query.ts'
import { useMarkRead } from './use-mark-read.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export const NO_NOTIFICATIONS = m('No notifications yet.')

export function NotificationsScreen() {
  const userId = storedUserId() ?? ''
  const list = useQuery(notificationsQuery(userId))
  const markRead = useMarkRead(userId)
  const online = useOnlineStatus()
  const unread = list.data?.unread ?? 0

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Notifications')}>
        <Button variant="secondary" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
          {t('Mark all read')}
        </Button>
      </PageHeader>
      <p role="status" className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        {unread === 0 ? t('Everything is read.') : unread === 1 ? t('1 unread notification') : t('{unread} unread notifications', { unread })}
        {!online && ' · Offline: showing the notifications last loaded.'}
      </p>
      {list.isError && !list.data && <AlertBanner message={list.error.message} />}
      {list.isPending ? (
        <p role="status">{t('Loading...')}</p>
      ) : list.data && list.data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-10 text-slate-600 dark:border-strokedark dark:text-slate-300">
          <BellIcon className="h-8 w-8" />
          <p>{tr(NO_NOTIFICATIONS)}</p>
        </div>
      ) : (
        <ul aria-label={t('Notifications')} className="flex flex-col gap-2">
          {list.data?.items.map((item) => (
            <NotificationRow key={item._id} item={item} onRead={() => markRead.mutate({ ids: [item._id] })} />
          ))}
        </ul>
      )}
    </div>
  )
}

function NotificationRow({ item, onRead }: { item: AppNotification; onRead: () => void }) {
  return (
    <li
      className={`flex items-start gap-3 rounded-lg border p-4 shadow-sm ${
        item.read ? 'border-slate-200 bg-white dark:border-strokedark dark:bg-boxdark' : 'border-primary/40 bg-primary/5 dark:border-primary/60 dark:bg-primary/15'
      }`}
    >
      <span aria-hidden="true" className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-primary'}`} />
      <div className="min-w-0 flex-1">
        <Link
          to={item.link}
          onClick={() => {
            if (!item.read) onRead()
          }}
          className="font-semibold text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-white"
        >
          {!item.read && <span className="sr-only">{t('Unread:')} </span>}
          {item.title}
        </Link>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{item.body}</p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          <time dateTime={item.createdAt}>{dayjs(item.createdAt).format('MMM D, YYYY HH:mm')}</time>
        </p>
      </div>
      {!item.read && (
        <button
          type="button"
          onClick={onRead}
          aria-label={t('Mark read: {title}', { title: item.title })}
          className="shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:border-strokedark dark:text-slate-100 dark:hover:bg-boxdark-2"
        >
          {t('Mark read')}
        </button>
      )}
    </li>
  )
}
