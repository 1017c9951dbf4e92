import { lazy, useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AfterFirstScreen } from '../app/after-first-screen.tsx'
import { afterFirstScreen } from '../app/first-screen.ts'
import { AppLayout } from '../app/layout/app-layout.tsx'
import { useOutboxInUse, watchForStoredOps } from '../app/outbox-when-needed.ts'
import { connectivity } from '../lib/app-connectivity.ts'
import { retryingImport } from '../lib/retrying-import.ts'
import { whenIdle } from '../lib/when-idle.ts'
import { requireArea } from './-guards.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { followUserLanguage } from '../i18n/language.ts'

// The outbox (Dexie, ~30 KB) loads only once the page needs it (app/outbox-when-needed.ts), and never
// before the first screen is up (app/first-screen.ts): the sync indicator shows nothing until a change
// waits.
const SyncIndicator = lazy(() => retryingImport(() => import('../features/sync/sync-indicator.tsx'), { has: 'SyncIndicator' }).then((module) => ({ default: module.SyncIndicator })))
// Lazy, and asked for once the first screen is up: the bell and its query stay out of the JavaScript
// every screen (and sign-in) loads first, and out of the opening screen's way.
const NotificationBell = lazy(() => retryingImport(() => import('../features/notifications/notification-bell.tsx'), { has: 'default' }))

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-in'),
  component: AppRoute,
})

function AppRoute() {
  const outboxInUse = useOutboxInUse()
  const queryClient = useQueryClient()
  // The language kept with the user (chosen in Settings on any device) wins over this device's.
  const { language } = useSignedInUser()
  useEffect(() => followUserLanguage(language), [language])
  // Changes waiting on the device (made earlier, before a reload, or in another tab) are sent from any
  // screen, not only the one that made them.
  useEffect(() => watchForStoredOps({ connectivity }), [])
  useEffect(() => {
    if (!outboxInUse) return
    let live = true
    let stop: (() => void) | undefined
    let cancelIdle = () => {}
    const cancel = afterFirstScreen(() => {
      cancelIdle = whenIdle(() => {
        // The replay, and what waits to be sent shown over the server's reads (outbox/pending-overlay.ts).
        void Promise.all([retryingImport(() => import('../outbox/outbox-runtime.ts'), { has: 'startOutbox' }), retryingImport(() => import('../outbox/pending-overlay.ts'), { has: 'startPendingOverlay' })]).then(
          ([{ startOutbox }, { startPendingOverlay }]) => {
            if (!live) return
            const stopOutbox = startOutbox()
            const stopOverlay = startPendingOverlay(queryClient)
            stop = () => {
              stopOutbox()
              stopOverlay()
            }
          },
        )
      })
    })
    return () => {
      live = false
      cancel()
      cancelIdle()
      stop?.()
    }
  }, [outboxInUse, queryClient])
  return (
    <AppLayout
      headerExtras={
        <>
          {outboxInUse && (
            <AfterFirstScreen>
              <SyncIndicator />
            </AfterFirstScreen>
          )}
          <AfterFirstScreen>
            <NotificationBell />
          </AfterFirstScreen>
        </>
      }
    >
      <Outlet />
    </AppLayout>
  )
}
