// How long ago something happened, as a list shows a defect's age: 'just now', '5 min', '3 h', '2 days'.
const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export function ageLabel(since: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(since).getTime())
  if (elapsed < MINUTE_MS) return 'just now'
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min`
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)} h`
  const days = Math.floor(elapsed / DAY_MS)
  return `${days} ${days === 1 ? 'day' : 'days'}`
}
