// A new version waits until the user accepts it ('Reload' in the page's toast → SKIP_WAITING), so an
// open page never mixes its old shell with new chunks; only then does this worker take over tabs.

declare const self: ServiceWorkerGlobalScope

export function activateWhenUserAccepts(): void {
  let acceptedByUser = false

  self.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== 'SKIP_WAITING') return
    acceptedByUser = true
    void self.skipWaiting()
  })

  // Tabs the old worker controlled move to this one by themselves; claiming also takes tabs that had
  // no worker yet. On a first install nothing is claimed: the page runs uncontrolled until it reloads.
  self.addEventListener('activate', (event) => {
    if (acceptedByUser) event.waitUntil(self.clients.claim())
  })
}
