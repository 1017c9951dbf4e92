// Issue 25: what the server sends on its own — mails, pushes, in-app notifications — is in the language
// its recipient chose (users.language). Mail goes through a real SMTP server, pushes through a local push
// service that decrypts them as a browser would. English readers get exactly what they got before
// (the other reminder, mail and push tests, unchanged, keep that).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Language } from '../../core/contract/auth.ts'
import { users } from '../../server/db/schema.ts'
import { smtpMailer } from '../../server/mail/smtp-mailer.ts'
import { runCompanyDay } from '../../server/reminders/company-day.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { startPushService, type TestPushService } from './push-service.ts'
import { insertDocument, insertOilChange, reminderCompany } from './reminder-fixtures.ts'
import { decodeQuotedPrintable, startSmtpServer, type TestSmtpServer } from './smtp-server.ts'

let smtp: TestSmtpServer
let push: TestPushService
let ctx: TestContext
beforeAll(async () => {
  smtp = await startSmtpServer()
  push = await startPushService()
  ctx = await createTestContext({ mailer: await smtpMailer(smtp.url, 'Fleetyard <no-reply@fleetyard.test>', { timeoutMs: 1000 }) })
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.stop()
  await push?.close()
})

const speaks = (userId: string, language: Language) => ctx.db.update(users).set({ language }).where(eq(users.id, userId))

/** Each mail to `email`: its subject line and its text part, decoded as a mail client would. */
function mailsTo(email: string) {
  return smtp.received
    .filter((message) => message.to.includes(email))
    .map(({ raw }) => {
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? ''
      const parts = raw.split(/--[^\r\n]+\r?\nContent-Type: text\/(?:plain|html)[^\r\n]*/)
      const text = parts.length > 1 ? decodeQuotedPrintable(parts[1]!) : decodeQuotedPrintable(raw)
      const html = parts.length > 2 ? decodeQuotedPrintable(parts[2]!) : ''
      return { subject, text, html }
    })
}

describe('mail', () => {
  test("a Spanish reader's reminder digest is in Spanish, with Spanish dates and the trade's words", async () => {
    const company = await reminderCompany(ctx, 'UTC')
    await speaks(company.owner.id, 'es')
    const day = '2026-09-01'
    await insertDocument(ctx.db, company, { fileName: 'Seguro', expiresOn: '2026-09-08', allUnits: true, showForDrivers: false })
    await insertOilChange(ctx.db, company.unitId, { changeDate: '2026-03-01', nextChangeDate: '2026-09-11' })
    await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
    await ctx.runJobs()
    const [digest, ...more] = mailsTo(company.owner.email)
    expect(more).toEqual([])
    expect(digest!.subject).toBe('Fleetyard: 2 recordatorios para el 1 de septiembre de 2026')
    expect(digest!.text).toContain('Hola, Test:')
    expect(digest!.text).toContain('Tiene 2 recordatorios para el 1 de septiembre de 2026:')
    expect(digest!.text).toContain('- Cambio de aceite pendiente: unidad 101')
    expect(digest!.text).toContain('Próximo cambio de aceite: 11 de septiembre de 2026 — en 10 días.')
    expect(digest!.text).toContain('- Documento vence en 7 días: Seguro')
    expect(digest!.text).toContain('Seguro vence el 8 de septiembre de 2026.')
    expect(digest!.text).toContain('Elija qué notificaciones recibe en Configuración: http://localhost:3000/settings')
    expect(digest!.html).toContain('<html lang="es">')
    expect(digest!.html).toContain('>Configuración</a>')
    // The driver of the same unit chose nothing: the same reminder reaches them in English.
    const [english] = mailsTo(company.driver.email)
    expect(english!.subject).toBe('Fleetyard: 1 reminder for September 1, 2026')
    expect(english!.text).toContain('Next oil change September 11, 2026 — after 10 days.')
  })

  test("an invitation is in the inviting owner's language; an address with an account reads its own", async () => {
    const owner = await ctx.owner('Transportes Ruiz')
    await speaks(owner.id, 'es')
    const invited = `nuevo-${Date.now()}@example.com`
    expect((await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: invited } })).status).toBe(200)
    const member = await ctx.user({ role: null, companyId: null })
    await speaks(member.id, 'fr')
    await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: member.email } })
    await ctx.runJobs()

    const [invitation] = mailsTo(invited)
    expect(invitation!.subject).toBe('Lo invitan a unirse a Transportes Ruiz en Fleetyard')
    expect(invitation!.text).toContain('Transportes Ruiz lo invitó a unirse como conductor en Fleetyard.')
    expect(invitation!.text).toMatch(/Cree su cuenta con este enlace \(sirve una sola vez y vence en 7 días\):\s+http:\/\/localhost:3000\/signup\//)
    const [toAccount] = mailsTo(member.email)
    expect(toAccount!.text).toContain('mais ce courriel a déjà un compte Fleetyard.')
  })

  test('a join decision and a welcome go out in the language of their reader', async () => {
    const owner = await ctx.owner('Transports Roy')
    const email = `chauffeur-${Date.now()}@example.com`
    const signUp = await ctx.call('POST', '/auth/register', {
      json: { email, password: 'Secret1', firstName: 'Luc', lastName: 'Roy', phone: '', companyId: owner.companyId },
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    })
    expect(signUp.status).toBe(201)
    await ctx.runJobs()
    const [welcome] = mailsTo(email)
    expect(welcome!.subject).toBe('Bienvenue sur Fleetyard')
    expect(welcome!.text).toContain('Votre demande pour joindre Transports Roy est envoyée')
  })

  test("a sign-up keeps its page's language with the account, so later mails need no Settings visit; English leaves it unchosen", async () => {
    const languageOf = async (email: string) => (await ctx.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language
    const register = (email: string, acceptLanguage: string) =>
      ctx.call('POST', '/auth/register', { json: { email, password: 'Secret1', firstName: 'Ana', lastName: 'Ruiz', phone: '' }, headers: { 'accept-language': acceptLanguage } })
    const spanish = `conductora-${Date.now()}@example.com`
    expect((await register(spanish, 'es-MX,es;q=0.9,en;q=0.5')).status).toBe(201)
    expect(await languageOf(spanish)).toBe('es')
    const english = `driver-${Date.now()}@example.com`
    expect((await register(english, 'en-US,en;q=0.9')).status).toBe(201)
    expect(await languageOf(english)).toBeNull()
    // A sign-up with an address that has an account changes nothing of that account.
    expect((await register(spanish, 'fr-CA')).status).toBe(201)
    expect(await languageOf(spanish)).toBe('es')
  })
})

describe('push and in-app notifications', () => {
  test("a French reader's push and notification list read in French; the test notification too", async () => {
    const company = await reminderCompany(ctx, 'UTC')
    await speaks(company.owner.id, 'fr')
    const subscription = push.subscription()
    expect((await ctx.call('POST', '/notifications/push-subscriptions', { token: company.owner.token, json: subscription })).status).toBe(201)
    const day = '2026-10-01'
    await insertDocument(ctx.db, company, { fileName: 'Assurance', expiresOn: day, allUnits: true, showForDrivers: false })
    await insertDocument(ctx.db, company, { fileName: 'Permis', expiresOn: '2026-10-31', allUnits: true, showForDrivers: false })
    await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
    await ctx.runJobs()

    const pushes = push.received.filter((received) => subscription.endpoint.endsWith(received.path))
    expect(pushes.map((received) => received.payload)).toEqual([
      { title: '2 rappels Fleetyard', body: expect.stringMatching(/^Document expire (aujourd’hui : Assurance; Document expire dans 30 jours : Permis|dans 30 jours : Permis; Document expire aujourd’hui : Assurance)\.$/), url: '/notifications', tag: `reminders-${day}` },
    ])
    const list = await ctx.call('GET', '/notifications', { token: company.owner.token })
    const items = (list.body.items as { title: string; body: string }[]).map(({ title, body }) => ({ title, body }))
    expect(items).toEqual(
      expect.arrayContaining([
        { title: 'Document expire aujourd’hui : Assurance', body: 'Assurance expire le 1 octobre 2026.' },
        { title: 'Document expire dans 30 jours : Permis', body: 'Permis expire le 31 octobre 2026.' },
      ]),
    )

    await ctx.call('POST', '/notifications/test', { token: company.owner.token })
    await ctx.runJobs()
    const tested = push.received.filter((received) => subscription.endpoint.endsWith(received.path)).at(-1)
    expect(tested!.payload).toMatchObject({ title: 'Notification d’essai', body: 'Les notifications Fleetyard vous parviennent ici.' })
    const [, testMail] = mailsTo(company.owner.email)
    expect(testMail!.text).toContain('Voici la notification d’essai demandée')
    expect((await ctx.call('GET', '/notifications', { token: company.owner.token })).body.items[0]).toMatchObject({ kind: 'test', title: 'Notification d’essai' })
  })

  test('a licence reminder reads in Spanish for a Spanish owner, in English for its holder who chose nothing', async () => {
    const company = await reminderCompany(ctx, 'UTC')
    await speaks(company.owner.id, 'es')
    await ctx.db.update(users).set({ licenceExpiresOn: '2026-11-08', firstName: 'Ana', lastName: 'Ruiz' }).where(eq(users.id, company.driver.id))
    await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: '2026-11-01' }, new Date())
    const list = await ctx.call('GET', '/notifications', { token: company.owner.token })
    expect(list.body.items).toEqual([
      expect.objectContaining({ title: 'Licencia de conducir de Ana Ruiz: vence en 7 días', body: 'Vence el 8 de noviembre de 2026.' }),
    ])
    const driver = await ctx.call('GET', '/notifications', { token: company.driver.token })
    expect(driver.body.items[0]).toMatchObject({ title: 'Your driver licence expires in 7 days' })
  })
})
