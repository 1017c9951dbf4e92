// The lists' search boxes match a typed text anywhere in a field, case-insensitively (ILIKE '%text%').

/** An ILIKE pattern for `text` anywhere; the text's own `%`, `_` and `\` match only themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}
