// Desktop sidebar (spec §2 "Layout"): brand and company name to /units, MENU, Drivers (owner only) /
// Units / Documents with count badges. Always shown above 768px; at 768px and below it is a drawer
// opened from the header and closed again after a nav click.
import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import type { AuthUser, DashboardCounts } from '../../../core/contract/auth.ts'
import { CountBadge } from '../../ui/count-badge.tsx'
import { NavIcon } from './layout-icons.tsx'
import { badgeCount, sidebarItems, waitingCount, waitingLabel } from './nav-items.ts'
import { isNarrowViewport, shouldCollapseAfterNavClick } from './sidebar-state.ts'
import { t } from '../../i18n/translate.ts'
import { BRAND_MARK_URL } from '../../ui/brand-mark.ts'

interface SidebarProps {
  id: string
  user: AuthUser
  counts: DashboardCounts | undefined
  expanded: boolean
  onExpandedChange: (expanded: boolean) => void
}

export function Sidebar({ id, user, counts, expanded, onExpandedChange }: SidebarProps) {
  const brandRef = useRef<HTMLAnchorElement>(null)
  const wasExpanded = useRef(expanded)
  useEffect(() => {
    // The drawer comes before the header in page order, so opening it moves focus in for keyboard users.
    if (expanded && !wasExpanded.current && isNarrowViewport(window.innerWidth)) brandRef.current?.focus()
    wasExpanded.current = expanded
  }, [expanded])

  const collapseOnNarrowScreen = () => {
    if (expanded && shouldCollapseAfterNavClick(window.innerWidth)) onExpandedChange(false)
  }
  return (
    <>
      {expanded && (
        // The dimmed page behind the open drawer closes it; keyboard users have the header toggle.
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50 min-[769px]:hidden" onClick={() => onExpandedChange(false)} />
      )}
      <aside
        id={id}
        aria-label={t('Sidebar')}
        className={`${expanded ? 'flex' : 'hidden'} fixed inset-y-0 left-0 z-50 w-72 shrink-0 flex-col overflow-y-auto bg-[#1c2434] text-slate-300 min-[769px]:static min-[769px]:flex`}
      >
        <Link
          ref={brandRef}
          to="/units"
          onClick={collapseOnNarrowScreen}
          className="flex items-center gap-3 px-6 py-5 text-lg font-semibold text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
        >
          <img src={BRAND_MARK_URL} alt="" className="h-9 w-9" />
          <span className="truncate">{user.company?.name}</span>
        </Link>
        <nav aria-label={t('Main')} className="px-4 py-4">
          <h2 className="mb-4 ml-4 text-sm font-semibold tracking-wide text-slate-400">{t('MENU')}</h2>
          <ul className="flex flex-col gap-1.5">
            {sidebarItems(user.role?.name).map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={collapseOnNarrowScreen}
                  className="flex items-center gap-3 rounded-md px-4 py-2 font-medium text-slate-300 transition-colors hover:bg-[#333a48] hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white data-[status=active]:bg-[#333a48] data-[status=active]:text-white"
                >
                  <NavIcon name={item.icon} />
                  {item.label}
                  <span className="ml-auto flex gap-1.5">
                    <CountBadge count={badgeCount(item, counts)} />
                    <CountBadge count={waitingCount(item, counts)} tone="waiting" label={waitingLabel(waitingCount(item, counts))} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </>
  )
}
