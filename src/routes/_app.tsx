import { lazy, Suspense, useEffect, useState } from 'react'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AppLayout } from '../app/layout/app-layout.tsx'
import { whenIdle } from '../lib/when-idle.ts'
import { requireArea } from './-guards.ts'

// The outbox (Dexie, ~30 KB) loads once the first screen is up, not before it: nothing a screen first
// paints needs it, and the sync indicator shows nothing until a change waits anyway.
const SyncIndicator = lazy(() => import('../features/sync/sync-indicator.tsx').then((module) => ({ default: module.SyncIndicator })))
// Lazy: the bell and its query stay out of the JavaScript every screen (and sign-in) loads first.
const NotificationBell = lazy(() => import('../features/notifications/notification-bell.tsx'))

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-in'),
  component: AppRoute,
})

function AppRoute() {
  const [outboxShown, setOutboxShown] = useState(false)
  // Changes made earlier (or before a reload) are sent from any screen, not only the one that made them.
  useEffect(() => {
    let live = true
    let stop: (() => void) | undefined
    const cancel = whenIdle(() => {
      setOutboxShown(true)
      void import('../outbox/outbox-runtime.ts').then(({ startOutbox }) => {
        if (live) stop = startOutbox()
      })
    })
    return () => {
      live = false
      cancel()
      stop?.()
    }
  }, [])
  return (
    <AppLayout
      headerExtras={
        <>
          {outboxShown && (
            <Suspense fallback={null}>
              <SyncIndicator />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        </>
      }
    >
      <Outlet />
    </AppLayout>
  )
}
