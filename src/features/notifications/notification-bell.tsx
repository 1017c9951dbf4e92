// The header's bell (issue 15): links to /notifications and shows how many are unread. Loaded lazily
// by the app shell, so none of this is in the sign-in page's JavaScript.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { storedUserId } from '../../api/session.ts'
import { notificationsQuery } from './notifications-query.ts'
import { BellIcon } from './bell-icon.tsx'
import { t } from '../../i18n/translate.ts'

export function NotificationBell() {
  const userId = storedUserId() ?? ''
  const { data } = useQuery({ ...notificationsQuery(userId), enabled: userId !== '' })
  const unread = data?.unread ?? 0
  const label = unread === 0 ? t('Notifications') : t('Notifications, {unread} unread', { unread })
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-slate-200 dark:hover:bg-slate-700"
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute -right-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  )
}

export default NotificationBell
