// Issue 25: the server answers its messages in the request's language, and its catalogs stay whole.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { languageOfHeader } from '../../server/i18n/server-messages.ts'
import { createTestContext, type TestContext } from './harness.ts'

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
  test('every message they translate is one the server still says, word for word', () => {
    const gone = Object.keys(catalog('es')).filter((message) => !code.includes(`'${message}'`) && !code.includes(`"${message}"`))
    expect(gone).toEqual([])
  })
})
