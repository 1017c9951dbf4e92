// The service worker entry: only wires handlers from sibling modules.
/// <reference lib="webworker" />
import { createConnectivity, healthProbe } from '../src/lib/connectivity.ts'
import { replayOnce } from '../src/outbox/replay.ts'
import { cacheGuideVideo } from './guide-video.ts'
import { cacheUploadedMedia } from './media-cache.ts'
import { serveShellForNavigations } from './navigation.ts'
import { precacheAppShell } from './precache.ts'
import { showPushedNotifications } from './push.ts'
import { replayOutboxOnSync } from './sync.ts'
import { activateWhenUserAccepts } from './update.ts'

declare const self: ServiceWorkerGlobalScope

activateWhenUserAccepts()
precacheAppShell(self.__WB_MANIFEST)
serveShellForNavigations()
cacheUploadedMedia()
cacheGuideVideo()
showPushedNotifications(self)
// The API may live on another origin (VITE_API_URL), exactly as for the page's requests.
const apiUrl = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'
// The worker's own view of the link (it shares no memory with the pages, and its timers die with it):
// never started, it only asks the server once per sync, and a request with no answer ends that pass.
const connectivity = createConnectivity({ probe: healthProbe(apiUrl) })
replayOutboxOnSync(async () => {
  await connectivity.check()
  return replayOnce({ apiUrl, connectivity })
})
