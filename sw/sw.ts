// The service worker entry: only wires handlers from sibling modules.
/// <reference lib="webworker" />
import { replayOnce } from '../src/outbox/replay.ts'
import { cacheUploadedMedia } from './media-cache.ts'
import { serveShellForNavigations } from './navigation.ts'
import { precacheAppShell } from './precache.ts'
import { replayOutboxOnSync } from './sync.ts'
import { activateWhenUserAccepts } from './update.ts'

declare const self: ServiceWorkerGlobalScope

activateWhenUserAccepts()
precacheAppShell(self.__WB_MANIFEST)
serveShellForNavigations()
cacheUploadedMedia()
// The API may live on another origin (VITE_API_URL), exactly as for the page's requests.
replayOutboxOnSync(() => replayOnce({ apiUrl: import.meta.env.VITE_API_URL as string | undefined }))
