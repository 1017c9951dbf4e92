// The top bar (spec §2 "Header"): sidebar toggle on narrow desktop screens, brand on mobile devices
// (they have no sidebar), a slot for status indicators, the theme switch and the user menu.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { CloseIcon, MenuIcon } from './layout-icons.tsx'
import { ThemeSwitch } from './theme-switch.tsx'
import { UserMenu } from './user-menu.tsx'
import { t } from '../../i18n/translate.ts'
import { BRAND_MARK_URL } from '../../ui/brand-mark.ts'

interface HeaderProps {
  user: AuthUser
  mobile: boolean
  sidebarExpanded: boolean
  onToggleSidebar: () => void
  sidebarId: string
  /** Indicators that sit left of the theme switch (e.g. the outbox sync status). */
  extras?: ReactNode
}

export function Header({ user, mobile, sidebarExpanded, onToggleSidebar, sidebarId, extras }: HeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 shadow-sm md:px-6 dark:border-strokedark dark:bg-boxdark">
      {mobile ? (
        <Link to="/units" className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <img src={BRAND_MARK_URL} alt="" className="h-8 w-8" />
          <span className="truncate">{user.company?.name}</span>
        </Link>
      ) : (
        <button
          type="button"
          onClick={onToggleSidebar}
          aria-controls={sidebarId}
          aria-expanded={sidebarExpanded}
          aria-label={sidebarExpanded ? t('Close sidebar') : t('Open sidebar')}
          className="rounded-md border border-slate-200 p-1.5 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary min-[769px]:hidden dark:border-strokedark dark:text-slate-200 dark:hover:bg-slate-700"
        >
          {sidebarExpanded ? <CloseIcon /> : <MenuIcon />}
        </button>
      )}
      <div className="ml-auto flex items-center gap-3 sm:gap-5">
        {extras}
        <ThemeSwitch />
        <UserMenu user={user} />
      </div>
    </header>
  )
}
