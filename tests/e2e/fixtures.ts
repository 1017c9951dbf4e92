// The e2e `test`: every page points at the server started by global-setup.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect } from '@playwright/test'

export const baseURL = (): string => {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run through `npm run test:e2e`')
  return url
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from this pattern; this one has none.
  // oxlint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseURL())
  },
})

export { expect }

/** The newest mail written to DATA_DIR/mail for `to`, and the first app link in it. */
export function lastMailLink(to: string): string {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail')
  const files = readdirSync(dir)
    .filter((file) => file.toLowerCase().includes(to.toLowerCase().replace(/[^a-z0-9@._-]/gi, '_')))
    .sort()
  const newest = files.at(-1)
  if (!newest) throw new Error(`no mail for ${to}`)
  const text = readFileSync(path.join(dir, newest), 'utf8')
  const match = /https?:\/\/\S+/.exec(text)
  if (!match) throw new Error(`no link in mail for ${to}`)
  return match[0]
}

/** A unique email per test run, so tests share one server without colliding. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}
