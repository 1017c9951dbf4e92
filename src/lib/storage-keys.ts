// Every key this app keeps in localStorage, in one place (spec §3 "Browser storage").
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  /** Proof this device signed in before (server sign-in limits); kept across logouts, unlike the token. */
  deviceToken: 'device-token',
  colorTheme: 'color-theme',
  sidebarExpanded: 'sidebar-expanded',
  /** The signed-in user's role and company id, for a head start at the next launch (api/session-hint.ts). */
  sessionHint: 'session-hint',
  /** The persisted TanStack Query cache; the version changes when its stored shape does. */
  queryCache: 'fleetyard-query-cache-v1',
} as const
