// The page's one connectivity state (connectivity.ts), probing the API the app talks to. Everything in
// the page that asks "can we reach the server?" asks this: the offline banner, the sync indicator,
// TanStack Query's onlineManager, the outbox and session restore. app.tsx starts it.
import { createConnectivity, healthProbe } from './connectivity.ts'

const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

export const connectivity = createConnectivity({ probe: healthProbe(API_URL) })
