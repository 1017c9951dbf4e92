// Signing on the app's signature pad in a real browser: two strokes across the canvas with the mouse.
import type { Page } from '@playwright/test'

export async function sign(page: Page, padName: string): Promise<void> {
  const pad = page.getByRole('img', { name: padName })
  await pad.scrollIntoViewIfNeeded()
  const box = await pad.boundingBox()
  if (!box) throw new Error('the signature pad is not visible')
  for (const [from, to] of [
    [0.15, 0.35],
    [0.3, 0.85],
  ] as const) {
    await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.6)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * ((from + to) / 2), box.y + box.height * 0.3, { steps: 8 })
    await page.mouse.move(box.x + box.width * to, box.y + box.height * 0.7, { steps: 8 })
    await page.mouse.up()
  }
}
