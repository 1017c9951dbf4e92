// A chunk still loading when the page navigates away is cut off by the browser (Firefox does; a driver
// tapping a link while the signed-in layout loads, or a test's page.goto right after sign-in). The
// import then fails, and TanStack Router's lazy route component answers a failed chunk with
// `location.reload()` — which replaced the navigation the user asked for with a reload of the page they
// were leaving (issue 23). While the page is leaving, a failed chunk load is not the router's to reload:
// Vite's preload helper asks `vite:preloadError` first, and a prevented one is not thrown on as a
// missing module. The page that was left never shows what it rendered instead.

interface PreloadErrorTarget {
  addEventListener(type: 'beforeunload' | 'pageshow' | 'vite:preloadError', listener: (event: Event) => void): void
  removeEventListener(type: 'beforeunload' | 'pageshow' | 'vite:preloadError', listener: (event: Event) => void): void
}

/** Keeps chunk loads cut off by leaving the page from reloading it; returns the stop. */
export function ignoreChunkLoadsCutByLeaving(target: PreloadErrorTarget = window): () => void {
  let leaving = false
  const onLeave = () => {
    leaving = true
  }
  // Back (bfcache) or a navigation that did not happen after all: the page is ours again.
  const onShow = () => {
    leaving = false
  }
  const onPreloadError = (event: Event) => {
    if (leaving) event.preventDefault()
  }
  target.addEventListener('beforeunload', onLeave)
  target.addEventListener('pageshow', onShow)
  target.addEventListener('vite:preloadError', onPreloadError)
  return () => {
    target.removeEventListener('beforeunload', onLeave)
    target.removeEventListener('pageshow', onShow)
    target.removeEventListener('vite:preloadError', onPreloadError)
  }
}
