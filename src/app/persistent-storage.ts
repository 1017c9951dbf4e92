// An installed app keeps drafts, photos and the cached fleet on the device: ask the browser not to
// evict them under storage pressure. Refusal is normal (and silent); the app works either way.

export function requestPersistentStorageWhenInstalled(): void {
  const installed =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    // iOS home-screen apps report standalone here instead of through the media query.
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  if (!installed || !navigator.storage?.persist) return
  navigator.storage
    .persisted()
    .then((persisted) => persisted || navigator.storage.persist())
    .catch(() => false)
}
