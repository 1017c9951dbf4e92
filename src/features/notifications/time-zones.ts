// The time zones the settings offer: the browser's list of IANA zones, with UTC and the ones in use.

export function timeZoneChoices(...inUse: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set(['UTC', ...known, ...inUse])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)))
}
