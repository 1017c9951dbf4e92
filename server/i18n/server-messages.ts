// The server's messages (`{message}` of its answers) in the language of the request: the app sends the
// language it shows as Accept-Language (src/api/client.ts). The catalogs map the English text, which
// stays the message's id and its English form, to Spanish and French; a message without a
// translation stays English (docs/decisions/022-languages.md). A message with values has `{name}`
// placeholders in its catalog key: `say()` fills them for mails and notifications, and an answer that
// was filled in English is matched back against those keys to be said again in the request's language.
import { LANGUAGES, type Language } from '../../core/contract/auth.ts'
import es from './es.json' with { type: 'json' }
import fr from './fr.json' with { type: 'json' }

// Bundled with the server (scripts/build-server.mjs), so the compiled server needs no files beside it.
const catalogs: Record<'es' | 'fr', Record<string, string>> = { es, fr }

type Values = Readonly<Record<string, string | number>>

const fill = (text: string, values: Values) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

/** The catalog keys with placeholders, as patterns that match their English text filled in. */
const templates = Object.keys(es)
  .filter((key) => /\{\w+\}/.test(key))
  .map((key) => {
    const names: string[] = []
    const source = key
      .split(/(\{\w+\})/)
      .map((piece) => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1]
        if (!name) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        names.push(name)
        return '(.+?)'
      })
      .join('')
    return { key, names, pattern: new RegExp(`^${source}$`, 's') }
  })

/** One message, whole: a key as it is, or a key with values whose English was filled in. */
function translateWhole(message: string, catalog: Record<string, string>): string | undefined {
  const exact = catalog[message]
  if (exact !== undefined) return exact
  for (const { key, names, pattern } of templates) {
    const match = pattern.exec(message)
    const translation = match ? catalog[key] : undefined
    if (!match || translation === undefined) continue
    // A value never spans sentences: 'Thanks. Ann already belongs…' is two messages, not one with a name.
    if (match.slice(1).some((value) => /[.?!;]\s+[A-Z]/.test(value))) continue
    // A value that is itself a catalog key (a field's label: 'Make is required.') is translated too.
    return fill(translation, Object.fromEntries(names.map((name, index) => [name, catalog[match[index + 1] ?? ''] ?? match[index + 1] ?? ''])))
  }
  return undefined
}

/**
 * `message` in `language`; English, or a message the catalogs lack, as it is. An answer made of several
 * catalog messages ('Thank you for signing up. Please sign in; …') is translated sentence run by
 * sentence run, longest first — and only when every run is found, so an answer never mixes languages.
 */
export function translateMessage(message: string, language: Language | null | undefined): string {
  if (!language || language === 'en') return message
  const catalog = catalogs[language]
  const whole = translateWhole(message, catalog)
  if (whole !== undefined) return whole
  const sentences = message.split(/(?<=[.?!;])\s+(?=[A-Z])/)
  if (sentences.length < 2) return message
  const said: string[] = []
  for (let start = 0; start < sentences.length; ) {
    let end = sentences.length
    let found: string | undefined
    for (; end > start && found === undefined; end--) found = translateWhole(sentences.slice(start, end).join(' '), catalog)
    if (found === undefined) return message
    said.push(found)
    start = end + 1
  }
  return said.join(' ')
}

/** `english` (a catalog key, `{name}` placeholders and all) said in `language` with `values` filled in. */
export function say(language: Language | null | undefined, english: string, values: Values = {}): string {
  const text = !language || language === 'en' ? english : (catalogs[language][english] ?? english)
  return fill(text, values)
}

/** The Intl locale of a language: North American Spanish and Canadian French, as the app uses. */
export function localeOf(language: Language | null | undefined): string {
  return language === 'es' ? 'es-MX' : language === 'fr' ? 'fr-CA' : 'en-US'
}

/** A count or distance as the language writes it: 4,600 / 4 600. */
export function formatNumber(value: number, language: Language | null | undefined): string {
  return value.toLocaleString(localeOf(language))
}

/** The first language of an Accept-Language header that the app speaks (by quality), or null. */
export function languageOfHeader(header: string | null | undefined): Language | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { primary: tag.toLowerCase().split('-')[0] ?? '', quality: quality === undefined ? 1 : Number(quality), index }
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  for (const { primary } of ranked) if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language
  return null
}
