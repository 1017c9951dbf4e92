// Issue 25: the pseudo-locale walk. Every string of the app's catalogs shows wrapped in ⟦ ⟧ and 40 %
// longer (src/i18n/translate.ts); the walk over the driver's screens and the owner's main screens on a
// 390 px phone fails on visible text that came from no catalog (text outside ⟦ ⟧ that is not data the
// API sent, a number or a date) and on translated text cut off or overflowing its box or the screen.
import type { Page, Response } from '@playwright/test'
import { test, expect, IPHONE } from './fixtures.ts'
import { ALEX, apiSession, OWNER, type Session } from './a11y/a11y-helpers.ts'
import { canvasJpegs, TRUCK_CHECKLIST } from './pretrip-fixtures.ts'

test.use(IPHONE)

/** Words the screens may show that no catalog holds: the brand, and each language named in itself. */
const NOT_TRANSLATED = new Set(['Fleetyard', 'English', 'Español', 'Français'])
/** The IANA time zones' names (the reminder settings offer them as they are: data, like a date). */
const TIME_ZONE_WORDS = new Set(['UTC', ...Intl.supportedValuesOf('timeZone').flatMap((zone) => [...zone.split(/[/-]/), ...zone.split(/[/_-]/)])])
const DATE_WORDS = /^(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM|am|pm)$/

/** Every word of every string the API answered this page with: data, shown as it is. */
function collectApiWords(page: Page): Set<string> {
  const words = new Set<string>()
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const word of value.split(/[\s,.;:()/·—–-]+/)) words.add(word)
    else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object') Object.values(value).forEach(visit)
  }
  page.on('response', (response: Response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return
    void response.json().then(visit, () => undefined)
  })
  return words
}

async function openAs(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    ({ token, userId }) => {
      localStorage.setItem('language', 'pseudo')
      localStorage.setItem('token', token)
      localStorage.setItem('userId', userId)
    },
    { token: session.token, userId: session.userId },
  )
}

/** The screen's visible text that is neither from a catalog nor data, and translated text that does not fit. */
async function problemsOn(page: Page, apiWords: Set<string>, screen: string): Promise<string[]> {
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0, { timeout: 15_000 })
  await page.waitForTimeout(300)
  const { text, fit } = await page.evaluate(() => {
    const overflowing: string[] = []
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth > width + 1) overflowing.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`)
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const own = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes('⟦'))
      if (!own || element.getClientRects().length === 0) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || element.closest('[aria-hidden="true"], .sr-only')) continue
      const rect = element.getBoundingClientRect()
      const label = (element.textContent ?? '').trim().slice(0, 60)
      // Inside a box that scrolls sideways (the unit's tabs), running past the screen's edge is by design.
      let scrolls = false
      for (let box = element.parentElement; box && !scrolls; box = box.parentElement) scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX)
      if (!scrolls && (rect.right > width + 1 || rect.left < -1)) overflowing.push(`"${label}" runs off the screen`)
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis'
      if (clips && element.scrollWidth > element.clientWidth + 1) overflowing.push(`"${label}" is cut off`)
    }
    return { text: document.body.innerText, fit: overflowing }
  })
  const outside = text.replace(/⟦[^⟧]*⟧/g, ' ')
  const stray = outside
    .split(/[\s,.;:()/·—–\-|#%+×?!'"]+/)
    .filter((word) => /[A-Za-z]{2,}/.test(word))
    .filter((word) => !apiWords.has(word) && !NOT_TRANSLATED.has(word) && !DATE_WORDS.test(word) && !TIME_ZONE_WORDS.has(word))
  return [...new Set(stray)].map((word) => `${screen}: "${word}" is not from a catalog`).concat(fit.map((problem) => `${screen}: ${problem}`))
}

test('the driver screens show only catalog text and data, and it all fits at 390 px', async ({ page, request }) => {
  test.slow()
  const session = await apiSession(request, ALEX)
  const apiWords = collectApiWords(page)
  await openAs(page, session)
  const units = ((await (await request.get(`/api/driver/${session.userId}/units`, { headers: { Authorization: `Bearer ${session.token}` } })).json()) as { unit_id: { _id: string; unitNumber: string } }[])
    .map((item) => item.unit_id)
    .sort((a, b) => a.unitNumber.localeCompare(b.unitNumber))
  // The middle unit: the English and Spanish pre-trip specs take the first and the last.
  const unit = units[Math.floor(units.length / 2)]!
  const problems: string[] = []

  await page.goto('/units')
  await expect(page.getByRole('heading', { name: /My Units/ })).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/units')))

  await page.goto(`/unit/${unit._id}/pre-inspections`)
  const start = page.getByRole('button', { name: /Start \/ Continue PreTrip/ })
  await expect(start).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, 'unit')))

  await start.click()
  await expect(page.getByRole('heading', { name: /Step 1 of 2/ }).or(page.getByRole('heading', { name: /Review the last report/ }))).toBeVisible()
  if (await page.getByRole('heading', { name: /Review the last report/ }).isVisible()) problems.push(...(await problemsOn(page, apiWords, 'pre-trip review')))
  else {
    problems.push(...(await problemsOn(page, apiWords, 'pre-trip step 1')))
    const photos = await canvasJpegs(page, [60])
    // Item names are translated too, so each sits in its own ⟦ ⟧ inside the label.
    for (const item of TRUCK_CHECKLIST) await page.getByLabel(`Choose photos for ⟦${item}`).setInputFiles(photos)
    for (const item of TRUCK_CHECKLIST) {
      await expect(page.getByRole('list', { name: `Captures of ⟦${item}` }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
    }
    problems.push(...(await problemsOn(page, apiWords, 'pre-trip step 1 with photos')))
    await page.getByRole('button', { name: /^⟦Next/ }).click()
    await expect(page.getByRole('heading', { name: /Step 2 of 2/ })).toBeVisible()
    problems.push(...(await problemsOn(page, apiWords, 'pre-trip step 2')))
  }
  await page.getByRole('button', { name: /Cancel Pre-Trip/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: /Delete/ }).click()
  await expect(start).toBeVisible()

  await page.goto('/sync')
  await expect(page.getByRole('heading', { name: /Waiting changes/ })).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/sync')))

  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: /Personal Information/ })).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/settings')))

  // The guide open: the English one comes through the catalogs; the Russian one (the spec's) stays closed.
  await page.goto('/pretrip-guide')
  const guide = page.locator('details').first()
  await guide.locator('summary').click()
  await expect(guide.getByRole('heading', { level: 3 }).first()).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/pretrip-guide')))

  expect(problems).toEqual([])
})

test("the owner's main screens show only catalog text and data, and it all fits at 390 px", async ({ page, request }) => {
  test.slow()
  const session = await apiSession(request, OWNER)
  const apiWords = collectApiWords(page)
  await openAs(page, session)
  const problems: string[] = []

  await page.goto('/units')
  await expect(page.getByRole('heading', { name: /Units/ }).first()).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/units')))

  await page.getByRole('list', { name: /Units/ }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/unit\/[^/]+$/)
  await expect(page.getByRole('tablist')).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, 'unit')))

  await page.goto('/drivers')
  await expect(page.getByRole('heading', { name: /Drivers/ }).first()).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/drivers')))

  await page.goto('/app-documents')
  await expect(page.getByRole('heading', { name: /Documents/ }).first()).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/app-documents')))

  // Every defect, open and certified, with its severity, certification and photos' button.
  await page.goto('/defects?status=all')
  await expect(page.getByRole('heading', { name: /Defects/ }).first()).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, '/defects')))

  // The company's reminder settings: Miles/Kilometres, the time zone, the oil-change intervals.
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: /Personal Information/ })).toBeVisible()
  problems.push(...(await problemsOn(page, apiWords, 'owner /settings')))

  expect(problems).toEqual([])
})
