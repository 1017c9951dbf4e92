/** The IANA zone this browser is in (e.g. 'America/Chicago'): a new company's reminders follow it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}
