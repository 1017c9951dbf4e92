// Every key this app keeps in localStorage, in one place (spec §3 "Browser storage").
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  colorTheme: 'color-theme',
  sidebarExpanded: 'sidebar-expanded',
  /** The signed-in user's role and company id, for a head start at the next launch (api/session-hint.ts). */
  sessionHint: 'session-hint',
  /** The persisted TanStack Query cache; the version changes when its stored shape does. */
  queryCache: 'fleetyard-query-cache-v1',
} as const
