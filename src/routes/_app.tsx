import { lazy, Suspense, useEffect } from 'react'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AppLayout } from '../app/layout/app-layout.tsx'
import { SyncIndicator } from '../features/sync/sync-indicator.tsx'
import { startOutbox } from '../outbox/outbox-runtime.ts'
import { requireArea } from './-guards.ts'

// Lazy: the bell and its query stay out of the JavaScript every screen (and sign-in) loads first.
const NotificationBell = lazy(() => import('../features/notifications/notification-bell.tsx'))

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-in'),
  component: AppRoute,
})

function AppRoute() {
  // Changes made earlier (or before a reload) are sent from any screen, not only the one that made them.
  useEffect(() => startOutbox(), [])
  return (
    <AppLayout
      headerExtras={
        <>
          <SyncIndicator />
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
