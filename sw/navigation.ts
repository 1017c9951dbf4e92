// Navigations to app routes (/units, /unit/123, …) answer with the precached index.html, so the app
// opens with no network; /api is never a navigation target the shell may swallow.
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

export function serveShellForNavigations(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }))
}
