// Every key this app keeps in localStorage, in one place (spec §3 "Browser storage").
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  /** Proof this device signed in before (server sign-in limits); kept across logouts, unlike the token. */
  deviceToken: 'device-token',
  colorTheme: 'color-theme',
  /** The language the device shows (i18n/language.ts): the user's choice, kept for the next (offline) start. */
  language: 'language',
  sidebarExpanded: 'sidebar-expanded',
  /** The signed-in user's role and company id, for a head start at the next launch (api/session-hint.ts). */
  sessionHint: 'session-hint',
  /** The persisted TanStack Query cache; the version changes when its stored shape does. */
  queryCache: 'fleetyard-query-cache-v1',
} as const

/**
 * The service worker's cache of uploaded photos and videos the user has seen (sw/media-cache.ts). The
 * page deletes it at logout, with the rest of what the user saw: the worker keys it by file path alone,
 * so nothing else would ever remove a file the user can no longer see.
 */
export const MEDIA_CACHE_NAME = 'fleetyard-media'
