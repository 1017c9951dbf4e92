// Registers the service worker (production builds only) and offers a new version when one is waiting.
// The new worker activates only when the user picks 'Reload'; until then the old worker keeps serving
// the old precache, so a page never runs its old shell against new chunks.
import { useEffect } from 'react'
import type { toast as Toast } from 'react-hot-toast'
import type { Workbox } from 'workbox-window'
import { whenIdle } from '../lib/when-idle.ts'
import { afterFirstScreen } from './first-screen.ts'

const UPDATE_TOAST_ID = 'pwa-update'
/** An installed app can stay open for days; look for a new version hourly, not only at start. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

let started = false

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || started) return
  started = true
  // Loaded once the first screen is up: registration never delays it; nor does the toasts' library,
  // which only the update offer needs here.
  const [{ Workbox }, { toast }] = await Promise.all([import('workbox-window'), import('react-hot-toast')])
  const workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => offerUpdate(workbox, toast))
  // Whichever tab accepted the update, every open tab moves to the new version together.
  workbox.addEventListener('controlling', () => window.location.reload())
  await workbox.register()
  window.setInterval(() => void workbox.update(), UPDATE_CHECK_INTERVAL_MS)
}

function offerUpdate(workbox: Workbox, toast: typeof Toast): void {
  toast(
    (shown) => (
      <span className="flex items-center gap-3">
        <span>A new version of Fleetyard is available.</span>
        <button
          type="button"
          className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          onClick={() => {
            toast.dismiss(shown.id)
            workbox.messageSkipWaiting()
          }}
        >
          Reload
        </button>
      </span>
    ),
    { id: UPDATE_TOAST_ID, duration: Infinity },
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
