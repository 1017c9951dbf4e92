// Configuration that decides whether instances can share one database: the signing secret, the trusted
// proxy hops and the drain timeout, parsed by server/env.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { parseEnv } from '../../server/env.ts'
import { signingSecret } from '../../server/secret.ts'

const SECRET = 'a-shared-secret-of-at-least-32-characters'
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
  const parsed = parseEnv({ DATABASE_URL: 'postgres://db/fleetyard', FILE_URL_SECRET: SECRET, TRUST_PROXY: '2', DRAIN_TIMEOUT_SECONDS: '2.5' })
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
