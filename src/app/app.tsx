// Providers; the persisted Query cache restored first, then the session (full-screen spinner meanwhile),
// then the router. Around them: the offline banner, toasts, and the service worker's update prompt.
import { lazy } from 'react'
import { onlineManager, useIsRestoring } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { createQueryCachePersister, flushWhenPageLeft, queryCachePersistOptions } from '../api/query-cache-persistence.ts'
import { firstStartedResponse } from '../api/started-responses.ts'
import { createQueryClient } from './query-client.ts'
import { createAppRouter } from './router.tsx'
import { useRestoredSession, type RestoreOptions } from './restore-session.ts'
import { prefetchOpeningScreen, takeUserHeadStart } from './boot-prefetch.ts'
import { AfterFirstScreen } from './after-first-screen.tsx'
import { watchFirstScreen } from './first-screen.ts'
import { connectivity } from '../lib/app-connectivity.ts'
import { followDeliveries } from '../outbox/delivery-effects.ts'
import { requestPersistentStorageWhenInstalled } from './persistent-storage.ts'
import { PwaUpdatePrompt } from './pwa-update.tsx'
import { FullScreenSpinner } from '../ui/full-screen-spinner.tsx'
import { OfflineBanner } from '../ui/offline-banner.tsx'
import { retryingImport } from '../lib/retrying-import.ts'
import { isMobileDevice } from '../lib/device.ts'
import { ServerUnreachable } from '../ui/server-unreachable.tsx'
import { useLocaleVersion } from '../i18n/use-locale.ts'
import { useToastsWanted, wantToasts, wantToastsOffQuietScreens } from './toasts-wanted.ts'
import { TOAST_SHOWS_MS, keptToastId, takeKeptToast } from '../ui/kept-toast.ts'
import { outboxMessageText } from '../outbox/outbox-message-text.ts'

// The toasts' library (about 4.6 KB gzip) loads once the first screen is up: nothing toasts before then,
// and a toast raised earlier still shows when the Toaster mounts (its store is the library's own). On a
// quiet screen (signed out at /signin) it loads only once something toasts (app/toasts-wanted.ts).
const Toaster = lazy(() => retryingImport(() => import('react-hot-toast'), { has: 'Toaster' }).then((module) => ({ default: module.Toaster })))

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
const persister = createQueryCachePersister()
const persistOptions = queryCachePersistOptions(undefined, persister)
flushWhenPageLeft(persister)

// One connectivity state for the whole page, from the browser's events and what requests do; started
// now, so a page opened on a dead link (or with a navigator.onLine that lies) learns it at once — from
// the head start's first request when it sent one, else from a probe.
connectivity.start(firstStartedResponse())
// Query follows it instead of navigator.onLine: offline, refetches of cached lists pause (keeping their
// data) instead of failing, and paused ones resume once the server answers again.
onlineManager.setEventListener((setOnline) => {
  const follow = () => setOnline(!connectivity.isOffline())
  follow()
  return connectivity.subscribe(follow)
})

// Whoever delivers a queued change — this page, another tab, the service worker — every open page
// refreshes what it changed (outbox/delivery-effects.ts); a refusal says so in a toast on whatever screen
// the user is on (the toasts' library loads then).
followDeliveries(queryClient, (message) => {
  wantToasts()
  void retryingImport(() => import('react-hot-toast'), { has: 'toast' }).then(({ toast }) => toast.error(outboxMessageText(message), { id: `refused:${message}` }))
})

wantToastsOffQuietScreens(router)

// A confirmation the last page raised just before it reloaded (ui/kept-toast.ts) shows here instead.
const keptToast = takeKeptToast()
if (keptToast !== null) {
  wantToasts()
  void retryingImport(() => import('react-hot-toast'), { has: 'toast' }).then(({ toast }) => toast.success(keptToast, { id: keptToastId(keptToast), duration: TOAST_SHOWS_MS }))
}

// Starts the opening screen's first request with the session restore, not after it.
prefetchOpeningScreen(queryClient, router)
// What that screen does not need (the bell, the outbox, the service worker) waits until it is up.
watchFirstScreen(router, queryClient)

// A user cached as still onboarding who finished elsewhere: the guards run again with the fresh copy.
const restoreOptions: RestoreOptions = { onAreaChanged: () => void router.invalidate(), startedUserRequest: takeUserHeadStart }

requestPersistentStorageWhenInstalled()

/**
 * Where toasts never cover what the user does next. A toast that covers a control holds it for as long
 * as a pointer rests on the toast, since hovering pauses its timer. On a desktop, toasts go below the
 * sticky header (h-16), centred, so they sit between a screen's title and its actions ('Add Driver',
 * 'Create Unit' on the right, which a top-right toast once covered). On a phone the screen's actions
 * fill the top row, so toasts go just above the bottom bar (h-16 and the safe area).
 */
const TOAST_PLACEMENT = isMobileDevice()
  ? ({ position: 'bottom-center', containerStyle: { bottom: 'calc(4.5rem + env(safe-area-inset-bottom))' } } as const)
  : ({ position: 'top-center', containerStyle: { top: 72 } } as const)

/**
 * On a phone a confirmation is never hovered or tapped, and just above the bottom bar it can sit over
 * what the user does next: the signature pad a pre-trip's review scrolls to, right after the last
 * pre-trip's 'saved' toast. It lets touches through, so a signature stroked across it still lands on
 * the pad. Other toasts keep theirs: the new version's toast holds a Reload button.
 */
const TOAST_OPTIONS = isMobileDevice() ? { duration: TOAST_SHOWS_MS, success: { style: { pointerEvents: 'none' as const } } } : { duration: TOAST_SHOWS_MS }

export function App() {
  // A language switch renders every screen again in the new language.
  const locale = useLocaleVersion()
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <div key={locale} className="flex h-dvh flex-col">
        <OfflineBanner />
        <div className="min-h-0 flex-1">
          <RestoredApp />
        </div>
      </div>
      <AfterFirstScreen>
        <Toasts />
      </AfterFirstScreen>
      <PwaUpdatePrompt />
    </PersistQueryClientProvider>
  )
}

/** The Toaster, once toasts are wanted (never on signed-out /signin unless something toasts there). */
function Toasts() {
  return useToastsWanted() ? <Toaster {...TOAST_PLACEMENT} toastOptions={TOAST_OPTIONS} /> : null
}

/** The session is restored only once the device's cache is back, so offline it finds the cached user. */
function RestoredApp() {
  return useIsRestoring() ? <FullScreenSpinner /> : <SessionGate />
}

function SessionGate() {
  const session = useRestoredSession(queryClient, restoreOptions)
  if (session.outcome === null) return <FullScreenSpinner />
  if (session.outcome === 'unreachable') return <ServerUnreachable onRetry={session.retry} />
  return <RouterProvider router={router} />
}
