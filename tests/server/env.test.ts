// Configuration that decides whether instances can share one database: the signing secret, the trusted
// proxy hops and the drain timeout, parsed by server/env.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { parseEnv } from '../../server/env.ts'
import { signingSecret } from '../../server/secret.ts'
import { vapidKeys } from '../../server/push/vapid-keys.ts'
import webpush from 'web-push'

const SECRET = 'a-shared-secret-of-at-least-32-characters'
const VAPID = webpush.generateVAPIDKeys()
const SHARED_VAPID = { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey }
const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-env-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

test('with no configuration at all the server starts embedded: no secret needed, no proxy trusted, 10 s to drain', () => {
  const result = parseEnv({})
  expect(result).toMatchObject({ ok: true, env: { databaseUrl: undefined, fileUrlSecret: undefined, trustProxy: 0, drainTimeoutMs: 10_000 } })
})

test('a shared database without FILE_URL_SECRET is refused with a message that says what to set', () => {
  const result = parseEnv({ DATABASE_URL: 'postgres://fleetyard@db.example.com/fleetyard' })
  expect(result.ok).toBe(false)
  if (result.ok) return
  expect(result.problems).toHaveLength(1)
  expect(result.problems[0]).toMatch(/^FILE_URL_SECRET is required with DATABASE_URL/)
  expect(result.problems[0]).toContain('at least 32 characters')
})

test('FILE_URL_SECRET shorter than 32 characters is refused without echoing it', () => {
  const result = parseEnv({ FILE_URL_SECRET: 'too-short-secret' })
  expect(result).toEqual({ ok: false, problems: ['FILE_URL_SECRET: must be at least 32 characters'] })
})

test('TRUST_PROXY and DRAIN_TIMEOUT_SECONDS are read, and nonsense in them is refused', () => {
  const parsed = parseEnv({ DATABASE_URL: 'postgres://db/fleetyard', FILE_URL_SECRET: SECRET, ...SHARED_VAPID, TRUST_PROXY: '2', DRAIN_TIMEOUT_SECONDS: '2.5' })
  expect(parsed).toMatchObject({ ok: true, env: { fileUrlSecret: SECRET, trustProxy: 2, drainTimeoutMs: 2500 } })
  expect(parseEnv({ TRUST_PROXY: 'yes' }).ok).toBe(false)
  expect(parseEnv({ TRUST_PROXY: '-1' }).ok).toBe(false)
  expect(parseEnv({ DRAIN_TIMEOUT_SECONDS: 'soon' }).ok).toBe(false)
})

test('with FILE_URL_SECRET every instance signs with it, whatever its data dir, and writes no secret file', async () => {
  const first = dataDir()
  const second = dataDir()
  expect(await signingSecret({ fileUrlSecret: SECRET, dataDir: first })).toBe(SECRET)
  expect(await signingSecret({ fileUrlSecret: SECRET, dataDir: second })).toBe(SECRET)
  expect(existsSync(path.join(first, 'secret'))).toBe(false)
})

test('without it, the embedded server generates a secret once in its data dir and keeps it', async () => {
  const dir = dataDir()
  const generated = await signingSecret({ fileUrlSecret: undefined, dataDir: dir })
  expect(generated.length).toBeGreaterThanOrEqual(32)
  expect(readFileSync(path.join(dir, 'secret'), 'utf8')).toBe(generated)
  expect(await signingSecret({ fileUrlSecret: undefined, dataDir: dir })).toBe(generated)
})

test('a shared database without the VAPID key pair is refused with a message that says what to set', () => {
  const result = parseEnv({ DATABASE_URL: 'postgres://db/fleetyard', FILE_URL_SECRET: SECRET })
  expect(result.ok).toBe(false)
  if (result.ok) return
  expect(result.problems).toEqual([expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with DATABASE_URL/)])
})

test('VAPID keys come as a pair of P-256 keys in base64url, and a subject is a mailto: or https: address', () => {
  expect(parseEnv({ VAPID_PUBLIC_KEY: VAPID.publicKey })).toMatchObject({ ok: false, problems: [expect.stringContaining('go together')] })
  expect(parseEnv({ ...SHARED_VAPID, VAPID_PRIVATE_KEY: 'short' })).toMatchObject({ ok: false, problems: [expect.stringMatching(/^VAPID_PRIVATE_KEY: /)] })
  expect(parseEnv({ VAPID_SUBJECT: 'admin@example.com' })).toMatchObject({ ok: false, problems: [expect.stringMatching(/^VAPID_SUBJECT: must be a mailto:/)] })
  expect(parseEnv({ ...SHARED_VAPID, VAPID_SUBJECT: 'https://fleet.example.com/contact' })).toMatchObject({
    ok: true,
    env: { vapid: VAPID, vapidSubject: 'https://fleet.example.com/contact' },
  })
  // Without one, the contact is MAIL_FROM's address.
  expect(parseEnv({ MAIL_FROM: 'Fleet <ops@example.com>' })).toMatchObject({ ok: true, env: { vapid: undefined, vapidSubject: 'mailto:ops@example.com' } })
})

test('without VAPID keys, the embedded server generates a pair once in its data dir and keeps it', async () => {
  const dir = dataDir()
  const first = await vapidKeys({ vapid: undefined, subject: 'mailto:a@example.com', dataDir: dir })
  const again = await vapidKeys({ vapid: undefined, subject: 'mailto:a@example.com', dataDir: dir })
  expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
  expect(again).toEqual(first)
  expect(JSON.parse(readFileSync(path.join(dir, 'vapid.json'), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey })
  // With keys from env, those are used and nothing is written.
  const fromEnv = dataDir()
  expect(await vapidKeys({ vapid: VAPID, subject: 'mailto:a@example.com', dataDir: fromEnv })).toEqual({ ...VAPID, subject: 'mailto:a@example.com' })
  expect(existsSync(path.join(fromEnv, 'vapid.json'))).toBe(false)
})
