// Providers; the persisted Query cache restored first, then the session (full-screen spinner meanwhile),
// then the router. Around them: the offline banner, toasts, and the service worker's update prompt.
import { onlineManager, useIsRestoring } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { Toaster } from 'react-hot-toast'
import { queryCachePersistOptions } from '../api/query-cache-persistence.ts'
import { createQueryClient } from './query-client.ts'
import { createAppRouter } from './router.tsx'
import { useRestoredSession } from './restore-session.ts'
import { requestPersistentStorageWhenInstalled } from './persistent-storage.ts'
import { PwaUpdatePrompt } from './pwa-update.tsx'
import { FullScreenSpinner } from '../ui/full-screen-spinner.tsx'
import { OfflineBanner } from '../ui/offline-banner.tsx'
import { ServerUnreachable } from '../ui/server-unreachable.tsx'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
const persistOptions = queryCachePersistOptions()

// Query assumes a network until an `offline` event says otherwise, and none fires for a page opened
// offline: tell it now, so refetches of cached lists pause (keeping their data) instead of failing.
onlineManager.setOnline(navigator.onLine)

requestPersistentStorageWhenInstalled()

export function App() {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <div className="flex h-dvh flex-col">
        <OfflineBanner />
        <div className="min-h-0 flex-1">
          <RestoredApp />
        </div>
      </div>
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
      <PwaUpdatePrompt />
    </PersistQueryClientProvider>
  )
}

/** The session is restored only once the device's cache is back, so offline it finds the cached user. */
function RestoredApp() {
  return useIsRestoring() ? <FullScreenSpinner /> : <SessionGate />
}

function SessionGate() {
  const session = useRestoredSession(queryClient)
  if (session.outcome === null) return <FullScreenSpinner />
  if (session.outcome === 'unreachable') return <ServerUnreachable onRetry={session.retry} />
  return <RouterProvider router={router} />
}
