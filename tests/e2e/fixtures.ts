// The e2e `test`: every page points at the server started by global-setup.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'

export const baseURL = (): string => {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through `npm run test:e2e`')
  return url
}

/** What the browser reports when the page's Content-Security-Policy blocks something. */
const CSP_VIOLATION = /Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i

export const test = base.extend({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // oxlint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseURL())
  },
  // Every page of every e2e test runs under the server's Content-Security-Policy: a violation anywhere —
  // an inline script, a blocked image, a refused worker — fails the test that met it.
  page: async ({ page }, use) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (CSP_VIOLATION.test(message.text())) violations.push(message.text())
    })
    await use(page)
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  },
})

export { expect }

/**
 * Signed in: on /units with the signed-in layout drawn (its header's user menu), not only at the URL.
 * The layout's code may still be loading when the URL changes; a navigation then (Firefox cuts the load
 * off) raced it, and the test met a page reloading under it (issue 23). Password hashing is deliberately
 * slow, and slower still on a busy machine: the wait has room.
 */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/units$/, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible({ timeout: 30_000 })
}

/** An iPhone as the app tells a phone (src/lib/device.ts: by its user agent), at an iPhone's size. */
export const IPHONE = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
}

/** The link of the newest mail to `to` whose link matches, read from DATA_DIR/mail; none yet: null. */
function newestMailLink(to: string, matching: RegExp): string | null {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail')
  let files: string[]
  try {
    files = readdirSync(dir)
  } catch {
    return null
  }
  const links = files
    .filter((file) => file.toLowerCase().includes(to.toLowerCase().replace(/[^a-z0-9@._-]/gi, '_')))
    .sort()
    .map((file) => /https?:\/\/\S+/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[0] ?? null)
  return links.filter((link): link is string => link !== null && matching.test(link)).at(-1) ?? null
}

/**
 * The link mailed to `to` (the newest matching `matching`, e.g. /\/set-password\// — a sign-up also mails
 * a welcome): mail is sent by a job a moment after the request, so this waits for it.
 */
export async function mailedLink(to: string, matching = /./, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const link = newestMailLink(to, matching)
    if (link) return link
    if (Date.now() > until) throw new Error(`no mail with a link for ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A unique email per test run, so tests share one server without colliding. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}
