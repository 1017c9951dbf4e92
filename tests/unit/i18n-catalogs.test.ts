// Every message the code translates is in every catalog, no catalog keeps a message no code uses, and
// every translation is a valid ICU message with the English text's placeholders (issue 25).
import { readFileSync } from 'node:fs'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, test } from 'vitest'
import { usedMessages } from '../../scripts/i18n-messages.ts'

const CATALOG_LOCALES = ['es', 'fr'] as const
const used = usedMessages('src')

function catalog(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(`src/i18n/catalogs/${locale}.json`, 'utf8')) as Record<string, string>
}

/** The `{name}` placeholders of a message (ICU arguments, plural ones included), sorted. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*(\w+)\s*(?:,|\})/g)].map((match) => match[1]!))].sort()
}

test('every t() call names its message as a string literal', () => {
  expect(used.dynamicCalls).toEqual([])
  expect(used.messages.size).toBeGreaterThan(0)
})

describe.each(CATALOG_LOCALES)('the %s catalog', (locale) => {
  const messages = catalog(locale)

  test('translates every message the code uses', () => {
    const missing = [...used.messages].filter((message) => !messages[message]?.trim())
    expect(missing).toEqual([])
  })

  test('has no message that no code uses', () => {
    const unused = Object.keys(messages).filter((message) => !used.messages.has(message))
    expect(unused).toEqual([])
  })

  test('holds valid ICU messages with the English placeholders', () => {
    const wrong = Object.entries(messages).filter(([english, translated]) => {
      try {
        compileMessage(translated)
      } catch {
        return true
      }
      // Plural branches may drop the number (ICU's #), so only names the English uses must be there.
      return placeholders(english).some((name) => !placeholders(translated).includes(name))
    })
    expect(wrong).toEqual([])
  })
})
