// Installable (issue 3 item 2): Chromium finds nothing missing, and the manifest says what the app is.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { test, expect } from './fixtures.ts'

interface ManifestImage {
  src: string
  sizes: string
  type: string
  purpose?: string
  form_factor?: string
}

interface WebAppManifest {
  id: string
  name: string
  short_name: string
  description: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: ManifestImage[]
  screenshots: ManifestImage[]
}

/** Width and height from a PNG's IHDR chunk: the file really is the size the manifest claims. */
async function pngSize(request: APIRequestContext, src: string): Promise<string> {
  const response = await request.get(src)
  expect(response.ok(), src).toBe(true)
  expect(response.headers()['content-type'], src).toBe('image/png')
  const bytes = await response.body()
  expect(bytes.subarray(1, 4).toString('latin1'), `${src} is a PNG`).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('Chromium reports no installability errors on the sign-in page', async ({ playwright, launchOptions, baseURL }) => {
  // A normal profile on disk: Playwright's default contexts are incognito, which is never installable.
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-install-'))
  const context = await playwright.chromium.launchPersistentContext(profileDir, { ...launchOptions, baseURL })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/signin')
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    const cdp = await context.newCDPSession(page)

    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest')
    expect(manifestErrors).toEqual([])
    // The browser checks the manifest, icons and service worker in the background after the load.
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
      .toEqual([])
  } finally {
    await context.close()
    rmSync(profileDir, { recursive: true, force: true })
  }
})

test('the page links one manifest and sets the browser bar colour for light and dark schemes', async ({ page }) => {
  await page.goto('/signin')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i)
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i)
})

test('the manifest opens Fleetyard standalone on /units with real icons and screenshots', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest')
  expect(response.ok()).toBe(true)
  expect(response.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await response.json()) as WebAppManifest

  expect(manifest).toMatchObject({
    id: '/',
    name: 'Fleetyard',
    short_name: 'Fleetyard',
    start_url: '/units',
    scope: '/',
    display: 'standalone',
  })
  expect(manifest.description.length).toBeGreaterThan(20)
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)

  const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png')
  const iconSizes = pngIcons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)
  expect(iconSizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
  for (const icon of pngIcons) expect(await pngSize(request, icon.src)).toBe(icon.sizes)

  const formFactors = manifest.screenshots.map((shot) => `${shot.form_factor} ${shot.sizes}`)
  expect(formFactors).toEqual(expect.arrayContaining(['wide 1280x720', 'narrow 390x844']))
  for (const shot of manifest.screenshots) expect(await pngSize(request, shot.src)).toBe(shot.sizes)
})
