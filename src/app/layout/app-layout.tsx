// The signed-in frame (spec §2 "Layout"): sidebar or, on mobile devices, the bottom bar; the header;
// the driver licence banner; and the routed screen in <main>.
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { currentUserQuery } from '../../api/current-user.ts'
import { dashboardCountsQuery } from '../../api/dashboard-counts.ts'
import { storedUserId } from '../../api/session.ts'
import { isMobileDevice } from '../../lib/device.ts'
import { FullScreenSpinner } from '../../ui/full-screen-spinner.tsx'
import { useFirstScreenShown } from '../first-screen.ts'
import { BottomBar } from './bottom-bar.tsx'
import { DriverLicenceBanner, needsDriverLicenceBanner } from './driver-licence-banner.tsx'
import { Header } from './header.tsx'
import { Sidebar } from './sidebar.tsx'
import { isNarrowViewport, useSidebarExpanded } from './sidebar-state.ts'
import { t } from '../../i18n/translate.ts'

interface AppLayoutProps {
  children: ReactNode
  /** Status indicators for the header, left of the theme switch. */
  headerExtras?: ReactNode
}

export function AppLayout({ children, headerExtras }: AppLayoutProps) {
  const userId = storedUserId() ?? ''
  // The route guard has put the user in the cache; subscribing keeps the header current after edits.
  const { data: user } = useQuery({ ...currentUserQuery(userId), enabled: userId !== '' })
  const [mobile] = useState(() => isMobileDevice())
  // The counts are the sidebar's badges. On a phone (no sidebar) only an owner asks for them, for the
  // bottom bar's requests to join; nobody asks before the first screen is up (app/first-screen.ts).
  const firstScreenShown = useFirstScreenShown()
  const wantsCounts = !mobile || user?.role?.name === 'owner'
  const { data: counts } = useQuery({ ...dashboardCountsQuery(userId), enabled: userId !== '' && wantsCounts && firstScreenShown })
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [sidebarExpanded, setSidebarExpanded] = useSidebarExpanded()
  const sidebarId = useId()

  useEffect(() => {
    if (!sidebarExpanded) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !isNarrowViewport(window.innerWidth)) return
      setSidebarExpanded(false)
      // Focus inside the closing drawer goes back to the header toggle that opened it.
      if (document.getElementById(sidebarId)?.contains(document.activeElement)) {
        document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(sidebarId)}"]`)?.focus()
      }
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [sidebarExpanded, setSidebarExpanded, sidebarId])

  if (!user) return <FullScreenSpinner />

  return (
    <div className="flex h-full overflow-hidden">
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-primary focus:not-sr-only focus:fixed focus:left-4 focus:top-4 dark:bg-boxdark dark:text-white"
      >
        {t('Skip to main content')}
      </a>
      {!mobile && (
        <Sidebar id={sidebarId} user={user} counts={counts} expanded={sidebarExpanded} onExpandedChange={setSidebarExpanded} />
      )}
      <div className="relative flex min-w-0 flex-1 flex-col overflow-y-auto overflow-x-hidden">
        <Header
          user={user}
          mobile={mobile}
          sidebarExpanded={sidebarExpanded}
          onToggleSidebar={() => setSidebarExpanded(!sidebarExpanded)}
          sidebarId={sidebarId}
          extras={headerExtras}
        />
        {needsDriverLicenceBanner(user, pathname) && <DriverLicenceBanner />}
        <main id="main-content" tabIndex={-1} className={`flex-1 focus:outline-none ${mobile ? 'pb-[calc(4rem+env(safe-area-inset-bottom))]' : ''}`}>
          {children}
        </main>
      </div>
      {mobile && <BottomBar role={user.role?.name} counts={counts} />}
    </div>
  )
}
