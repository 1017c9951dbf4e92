// Mobile bottom bar (spec §2 "Layout"): Drivers (owner only), Units, Documents, Profile, one column each.
// The spec gives it no count badges; only what waits for the owner (requests to join) is marked, on the
// icon, since a phone has no sidebar to show it.
import { Link } from '@tanstack/react-router'
import type { DashboardCounts, RoleName } from '../../../core/contract/auth.ts'
import { CountBadge } from '../../ui/count-badge.tsx'
import { NavIcon } from './layout-icons.tsx'
import { bottomBarItems, waitingCount, waitingLabel } from './nav-items.ts'
import { t } from '../../i18n/translate.ts'

export function BottomBar({ role, counts }: { role: RoleName | undefined; counts: DashboardCounts | undefined }) {
  const items = bottomBarItems(role)
  return (
    <nav
      aria-label={t('Main')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-strokedark dark:bg-boxdark"
    >
      <ul className={`grid ${items.length === 4 ? 'grid-cols-4' : 'grid-cols-3'}`}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-slate-600 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary data-[status=active]:text-primary dark:text-slate-300 dark:data-[status=active]:text-indigo-300"
            >
              <span className="relative">
                <NavIcon name={item.icon} className="h-6 w-6" />
                <span className="absolute -right-4 -top-2">
                  <CountBadge count={waitingCount(item, counts)} tone="waiting" label={waitingLabel(waitingCount(item, counts))} />
                </span>
              </span>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
