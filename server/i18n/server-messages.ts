// The server's messages (`{message}` of its answers) in the language of the request: the app sends the
// language it shows as Accept-Language (src/api/client.ts). The catalogs map the English text, which
// stays the message's id and its English form, to Spanish and French; a message without a
// translation (or with a value in it) stays English (docs/decisions/022-languages.md).
import { LANGUAGES, type Language } from '../../core/contract/auth.ts'
import es from './es.json' with { type: 'json' }
import fr from './fr.json' with { type: 'json' }

// Bundled with the server (scripts/build-server.mjs), so the compiled server needs no files beside it.
const catalogs: Record<'es' | 'fr', Record<string, string>> = { es, fr }

/** `message` in `language`; English, or a message the catalogs lack, as it is. */
export function translateMessage(message: string, language: Language | null | undefined): string {
  if (!language || language === 'en') return message
  return catalogs[language][message] ?? message
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
