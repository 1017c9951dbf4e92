// Registers the service worker (production builds only) and offers a new version when one is waiting.
// The new worker activates only when the user picks 'Reload'; until then the old worker keeps serving
// the old precache, so a page never runs its old shell against new chunks.
// The browser's own API, not workbox-window: its 2.2 KB gzip were loaded by every page, /signin too
// (issue 24), for the three things done here — register, notice a worker waiting, tell it to take over.
import { useEffect } from 'react'
import { whenIdle } from '../lib/when-idle.ts'
import { afterFirstScreen } from './first-screen.ts'
import { wantToasts } from './toasts-wanted.ts'
import { t } from '../i18n/translate.ts'

const UPDATE_TOAST_ID = 'pwa-update'
/** An installed app can stay open for days; look for a new version hourly, not only at start. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
/** What sw/update.ts waits for before the waiting worker takes over. */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const

let started = false

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || started) return
  started = true
  const container = navigator.serviceWorker
  // Whichever tab accepted the update, every open tab moves to the new version together (the worker
  // claims tabs only after an accepted update: sw/update.ts).
  container.addEventListener('controllerchange', () => window.location.reload())
  const registration = await container.register('/sw.js', { scope: '/' })
  // A worker installed behind an active one waits for the user; a first install activates by itself.
  const offerIfWaiting = () => {
    if (registration.waiting && registration.active) offerUpdate(registration.waiting)
  }
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerIfWaiting()
    })
  })
  // One that was already waiting when this page opened (an offer declined in an earlier visit).
  offerIfWaiting()
  window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS)
}

function offerUpdate(waiting: ServiceWorker): void {
  wantToasts()
  // The toasts' library only now: a page with nothing to offer (signed-out /signin) never loads it.
  void import('react-hot-toast').then(({ toast }) =>
    toast(
      (shown) => (
        <span className="flex items-center gap-3">
          <span>{t('A new version of Fleetyard is available.')}</span>
          <button
            type="button"
            className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            onClick={() => {
              toast.dismiss(shown.id)
              waiting.postMessage(SKIP_WAITING)
            }}
          >
            {t('Reload')}
          </button>
        </span>
      ),
      { id: UPDATE_TOAST_ID, duration: Infinity },
    ),
  )
}

/** Runs `then` once the page has loaded, the first screen is up and the main thread is idle. */
function whenLoadedAndIdle(then: () => void): () => void {
  let cancelIdle = () => {}
  let cancelFirstScreen = () => {}
  const schedule = () => {
    cancelFirstScreen = afterFirstScreen(() => {
      cancelIdle = whenIdle(then, 5000)
    })
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    cancelFirstScreen()
    cancelIdle()
  }
}

/**
 * Mount once inside the app: starts the registration once the first screen is up and the page is
 * idle, so the worker's install (which fetches the whole precache) never competes with that screen's
 * code and data.
 */
export function PwaUpdatePrompt(): null {
  useEffect(() => whenLoadedAndIdle(() => void registerServiceWorker()), [])
  return null
}
