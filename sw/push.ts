// Web Push in the worker (issue 15): a `push` shows the notification the server sent (its payload is
// core/contract/notifications.ts's PushPayload), and a click on it opens the screen it is about — the
// unit, the documents page, the licence page — in a tab of the app already open, or a new one.

// The worker's types (PushEvent, WindowClient…) are described by the shape used, so the app's own
// type check (DOM lib, which the tests of this file use) reads this file as well as the worker's does.

/** A tab of the app (a WindowClient). */
interface AppWindow {
  url: string
  focused: boolean
  focus(): Promise<AppWindow>
  navigate(url: string): Promise<unknown>
}

interface Waiting {
  waitUntil(promise: Promise<unknown>): void
}

/** What the handlers use of the worker's global scope; the tests hand in their own. */
export interface PushScope {
  location: { origin: string }
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> }
  clients: {
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<readonly { url: string }[]>
    openWindow(url: string): Promise<unknown>
  }
  addEventListener(type: 'push', listener: (event: Waiting & { data: { json(): unknown } | null }) => void): void
  addEventListener(type: 'notificationclick', listener: (event: Waiting & { notification: { data: unknown; close(): void } }) => void): void
}

export interface ShownPush {
  title: string
  options: NotificationOptions & { data: { url: string } }
}

const FALLBACK_PATH = '/notifications'

/** An app path to open: only a path on this origin ('/unit/…'); anything else opens the notifications list. */
export function appPathOf(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return FALLBACK_PATH
  return url
}

/** The notification for a push's data; a push without usable data still says something. */
export function notificationOf(data: { json(): unknown } | null): ShownPush {
  let payload: Record<string, unknown> = {}
  try {
    const parsed = data?.json()
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>
  } catch {
    // Not JSON: shown as the generic notification below.
  }
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback)
  return {
    title: text(payload.title, 'Fleetyard'),
    options: {
      body: text(payload.body, 'You have new notifications.'),
      tag: text(payload.tag, 'fleetyard'),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appPathOf(payload.url) },
    },
  }
}

/** Focuses a tab of the app and takes it to `path`, or opens one there. */
export async function openAppAt(scope: PushScope, path: string): Promise<void> {
  const target = new URL(path, scope.location.origin).href
  // With type 'window' every client is a WindowClient.
  const windows = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) as readonly AppWindow[]
  const ours = windows.filter((client) => new URL(client.url).origin === scope.location.origin)
  const tab = ours.find((client) => client.focused) ?? ours[0]
  if (tab) {
    const focused = await tab.focus()
    // navigate() works on tabs this worker controls; an uncontrolled one is left focused where it is.
    if (new URL(tab.url).href !== target) await focused.navigate(target).catch(() => null)
    return
  }
  await scope.clients.openWindow(target)
}

export function showPushedNotifications(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    const { title, options } = notificationOf(event.data)
    event.waitUntil(scope.registration.showNotification(title, options))
  })
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    event.waitUntil(openAppAt(scope, appPathOf((event.notification.data as { url?: unknown } | null)?.url)))
  })
}
