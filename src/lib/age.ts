// How long ago something happened, as a list shows a defect's age: 'just now', '5 min ago', '3 h ago',
// '2 days ago' — whole phrases, since languages put "ago" in different places ('hace 2 días').
import { t } from '../i18n/translate.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export function ageLabel(since: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(since).getTime())
  if (elapsed < MINUTE_MS) return t('just now')
  if (elapsed < HOUR_MS) return t('{n} min ago', { n: Math.floor(elapsed / MINUTE_MS) })
  if (elapsed < DAY_MS) return t('{n} h ago', { n: Math.floor(elapsed / HOUR_MS) })
  const days = Math.floor(elapsed / DAY_MS)
  return days === 1 ? t('1 day ago') : t('{n} days ago', { n: days })
}
