// Issue 25: the server answers its messages in the request's language, and its catalogs stay whole.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { languageOfHeader, translateMessage } from '../../server/i18n/server-messages.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { sentenceShapes, serverMessages, shapeOfKey } from './server-message-scan.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const catalog = (language: string) => JSON.parse(readFileSync(`server/i18n/${language}.json`, 'utf8')) as Record<string, string>

function sources(dir: string): string {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}

describe('messages in the request language', () => {
  test('a failed sign-in answers in Spanish when the app shows Spanish, in English otherwise', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const wrong = { email: user.email, password: 'Wrong-password1' }
    const spanish = await ctx.call('POST', '/auth/login', { json: wrong, headers: { 'accept-language': 'es' } })
    expect(spanish.status).toBe(400)
    expect(spanish.body).toEqual({ message: 'Correo o contraseña incorrectos.' })
    const english = await ctx.call('POST', '/auth/login', { json: wrong, headers: { 'accept-language': 'en-US,en;q=0.9' } })
    expect(english.body).toEqual({ message: 'Invalid email or password.' })
  })

  test('a saved profile says so in French, and the field a message is about stays', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.user({ role: null, companyId: null })
    const profile = { id: user.id, firstName: 'Jeanne', lastName: 'Roy', email: user.email, phone: '(555) 222-3333' }
    const saved = await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: profile, headers: { 'accept-language': 'fr-CA' } })
    expect(saved.body.message).toBe('Le profil est enregistré.')
    const taken = await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: { ...profile, email: other.email }, headers: { 'accept-language': 'fr-CA' } })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({ message: 'Un compte existe déjà avec ce courriel.', field: 'email' })
  })

  test('Accept-Language picks the first language the app speaks, by quality', () => {
    expect(languageOfHeader('de-DE,fr;q=0.8,es;q=0.9')).toBe('es')
    expect(languageOfHeader('es-MX')).toBe('es')
    expect(languageOfHeader('de, *;q=0.1')).toBeNull()
    expect(languageOfHeader(undefined)).toBeNull()
  })
})

describe('the server catalogs', () => {
  const code = `${sources('server')}\n${sources('core')}`
  test('Spanish and French translate the same messages', () => {
    expect(Object.keys(catalog('fr')).sort()).toEqual(Object.keys(catalog('es')).sort())
  })
  test('every message they translate is one the server still says, word for word or with its values', () => {
    const said = sentenceShapes()
    const gone = Object.keys(catalog('es')).filter((message) => !code.includes(`'${message}'`) && !code.includes(`"${message}"`) && !said.has(shapeOfKey(message)))
    expect(gone).toEqual([])
  })
  test.each(['es', 'fr'])('every message the server answers with is in the %s catalog', (language) => {
    const keys = new Set(Object.keys(catalog(language)).map(shapeOfKey))
    const found = serverMessages()
    // The scan must keep finding the server's messages: a broken pattern would pass with none.
    expect(found.length).toBeGreaterThan(200)
    const missing = found.filter((message) => !keys.has(message.shape)).map((message) => `${message.file}: ${message.source}`)
    expect(missing).toEqual([])
  })
  test.each(['es', 'fr'])('each %s translation has exactly the placeholders of its English', (language) => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
    const wrong = Object.entries(catalog(language)).filter(([english, translation]) => names(english).join() !== names(translation).join())
    expect(wrong).toEqual([])
  })
})

describe('messages with values', () => {
  test('an answer with values in it is said in the language, its values kept', async () => {
    const owner = await ctx.owner('Fletes Norte')
    const sent = await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: 'ana@example.com' }, headers: { 'accept-language': 'es-MX' } })
    expect(sent.body).toEqual({ message: 'Se envió la invitación a ana@example.com.' })
    const french = await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: 'luc@example.com' }, headers: { 'accept-language': 'fr' } })
    expect(french.body).toEqual({ message: 'L’invitation est envoyée à luc@example.com.' })
  })

  test("a sign-up asking to join a company: each sentence of the answer in Spanish, the company's name as it is", async () => {
    const owner = await ctx.owner('Fletes Sur')
    const answer = await ctx.call('POST', '/auth/register', {
      json: { email: `ana-${Date.now()}@example.com`, password: 'Secret1', firstName: 'Ana', lastName: 'Ruiz', phone: '', companyId: owner.companyId },
      headers: { 'accept-language': 'es' },
    })
    expect(answer.body).toEqual({
      message: 'Gracias por registrarse. Se envió su solicitud para unirse a Fletes Sur. Podrá usar la cuenta cuando el dueño la apruebe. Inicie sesión.',
    })
  })

  test("a field's label inside a message is translated with it; a waiting time keeps its number", () => {
    expect(translateMessage('Make is required.', 'es')).toBe('Marca: dato obligatorio.')
    expect(translateMessage('Unit # is too long (at most 50 characters).', 'fr')).toBe('Unité no : trop long (au plus 50 caractères).')
    expect(translateMessage('Too many sign-in attempts. Please try again in 15 minutes.', 'fr')).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.')
    expect(translateMessage('There is already a unit type named "Box Van".', 'es')).toBe('Ya existe un tipo de unidad llamado "Box Van".')
    // A unit's status is the spec's English word in the data, and the reader's word in a message.
    expect(translateMessage('A unit that is Maintenance cannot become Assigned to Driver.', 'es')).toBe('Una unidad en estado Mantenimiento no puede pasar a Asignada a un conductor.')
    expect(translateMessage('A unit that is Rented Out cannot become Available.', 'fr')).toBe('Une unité à l’état Louée ne peut pas passer à Disponible.')
    // Part of it unknown: all of it stays English rather than half translated.
    expect(translateMessage('Thank you for signing up. Something nobody wrote.', 'es')).toBe('Thank you for signing up. Something nobody wrote.')
    expect(translateMessage('Thank you for signing up. Ann already belongs to a company.', 'es')).toBe('Gracias por registrarse. Ann ya pertenece a una empresa.')
  })
})
