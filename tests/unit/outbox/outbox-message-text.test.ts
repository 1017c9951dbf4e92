// What an op keeps for the user is shown in the language of the moment (issue 25): the device's own
// messages, kept in English, come out of the catalog, numbered ones too; a server's words, already in
// the user's language, are shown as they came.
import { readFileSync } from 'node:fs'
import { afterEach, expect, test } from 'vitest'
import { activate } from '../../../src/i18n/translate.ts'
import { OUT_OF_SPACE_MESSAGE } from '../../../src/outbox/device-storage.ts'
import { OUTBOX_RESEND_WINDOW_DAYS } from '../../../core/contract/idempotency.ts'
import { HELD_MESSAGE } from '../../../src/outbox/held-ops.ts'
import { NEVER_CREATED_MESSAGE } from '../../../src/outbox/op-requests.ts'
import { keptMessage, outboxMessageText } from '../../../src/outbox/outbox-message-text.ts'
import { WAITING_FOR_CONNECTION } from '../../../src/outbox/replay.ts'
import { STALLED_MESSAGE } from '../../../src/outbox/transport.ts'

const spanish = JSON.parse(readFileSync('src/i18n/catalogs/es.json', 'utf8')) as Record<string, string>

afterEach(() => activate('en', null))

function inSpanish(): void {
  // The catalog's messages filled by name, as Lingui would for these (no plurals among them).
  activate('es', (message, values) => spanish[message]?.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name])))
}

test('the device’s own messages are shown from the catalog', () => {
  inSpanish()
  for (const message of [WAITING_FOR_CONNECTION, STALLED_MESSAGE, OUT_OF_SPACE_MESSAGE, NEVER_CREATED_MESSAGE]) {
    expect(outboxMessageText(message)).toBe(spanish[message])
  }
})

test('messages kept with a number in them are read back and shown with that number', () => {
  inSpanish()
  expect(outboxMessageText(keptMessage('The server refused this change ({status}).', { status: 413 }))).toBe('El servidor rechazó este cambio (413).')
  expect(outboxMessageText(keptMessage('The server could not take this change ({status}).', { status: 503 }))).toBe('El servidor no pudo recibir este cambio (503).')
  expect(outboxMessageText(HELD_MESSAGE)).toBe(spanish['Sent {days} or more days ago and never confirmed: the server may already have it. Send it anyway or discard it.']!.replace('{days}', String(OUTBOX_RESEND_WINDOW_DAYS)))
})

test('a server’s own words, and English when English is active, are shown as they are', () => {
  inSpanish()
  expect(outboxMessageText('La foto es demasiado grande.')).toBe('La foto es demasiado grande.')
  activate('en', null)
  expect(outboxMessageText(keptMessage('The server refused this change ({status}).', { status: 413 }))).toBe('The server refused this change (413).')
  expect(outboxMessageText(HELD_MESSAGE)).toBe(HELD_MESSAGE)
})
