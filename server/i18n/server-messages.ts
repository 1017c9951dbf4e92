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

/** `message` in `language`; English, or a message the catalogs lack, as it is. */
export function translateMessage(message: string, language: Language | null | undefined): string {
  if (!language || language === 'en') return message
  const catalog = catalogs[language]
  const exact = catalog[message]
  if (exact !== undefined) return exact
  for (const { key, names, pattern } of templates) {
    const match = pattern.exec(message)
    if (!match) continue
    const translation = catalog[key]
    if (translation === undefined) continue
    return fill(translation, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])))
  }
  return message
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
