// The headers every page and API reply carries (issue 17): a page gets a Content-Security-Policy without
// inline script, no framing, nosniff and a same-origin referrer; an API reply nosniff, and a signed-in
// one Cache-Control: no-store — while a signed file URL stays cacheable.
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let site: ReturnType<TestContext['instance']>

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-static-'))
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Fleetyard</title><script src="/theme-init.js"></script>')
  writeFileSync(path.join(staticDir, 'theme-init.js'), '')
  site = ctx.instance({ staticDir })
})
afterAll(() => ctx.close())

test('a page carries a CSP without inline script, refuses framing and sniffing, and keeps its referrer', async () => {
  for (const pagePath of ['/', '/units', '/signin', '/theme-init.js']) {
    const response = await site.app.request(pagePath)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'self'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('same-origin')
  }
})

test('a signed-in API reply is never stored by a cache; an anonymous one and errors are nosniff too', async () => {
  const signedIn = await site.call('GET', `/user/${owner.id}`, { token: owner.token })
  expect(signedIn.status).toBe(200)
  expect(signedIn.headers.get('cache-control')).toBe('no-store')
  expect(signedIn.headers.get('x-content-type-options')).toBe('nosniff')
  const anonymous = await site.call('GET', '/health')
  expect(anonymous.headers.get('cache-control')).toBeNull()
  expect(anonymous.headers.get('x-content-type-options')).toBe('nosniff')
  const refused = await site.call('GET', `/user/${owner.id}`, { token: 'not-a-session' })
  expect(refused.status).toBe(401)
  expect(refused.headers.get('x-content-type-options')).toBe('nosniff')
  // API replies are JSON, never a page: no page policy on them.
  expect(signedIn.headers.get('content-security-policy')).toBeNull()
})

test('a signed file URL keeps its own caching, signed-in or not', async () => {
  const avatar = await ctx.call('POST', `/user/set-avatar/${owner.id}`, {
    token: owner.token,
    body: (() => {
      const form = new FormData()
      form.append('files', new Blob([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]), 'a.svg')
      return form
    })(),
  })
  const url = avatar.body.user.details.avatar as string
  const response = await site.app.request(url, { headers: { authorization: `Bearer ${owner.token}` } })
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).not.toBe('no-store')
})
