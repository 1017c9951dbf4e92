// Its own module so that the service worker, which matches without it, imports nothing of the page's.

/** The query parameter a retried chunk import adds (retrying-import.ts); sw/precache.ts ignores it. */
export const RETRY_PARAMETER = 'retry'
