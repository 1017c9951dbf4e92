// Issue 7 item 3, keyboard only: a driver signs in and completes a whole pre-trip with Tab, typing,
// Enter and Space — no mouse. Each photo is chosen the way a keyboard user does it: Tab to the item's
// "Choose photos" control and press Space, which opens the system file chooser; Playwright answers
// that chooser (fileChooser.setFiles) since a headless browser has no OS dialog to type into.
import { writeFileSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from '../fixtures.ts'
import { apiSession, auth, MARIA, PASSWORD, tabTo } from './a11y-helpers.ts'

const CHECKLIST = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']

/** A small real JPEG drawn in the page's canvas. */
async function smallJpeg(page: Page): Promise<string> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 640
    canvas.height = 480
    const context = canvas.getContext('2d')!
    context.fillStyle = '#7a9cc6'
    context.fillRect(0, 0, 640, 300)
    context.fillStyle = '#555b52'
    context.fillRect(0, 300, 640, 180)
    context.fillStyle = '#c0392b'
    context.fillRect(200, 200, 260, 140)
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.85))
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  })
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fleetyard-keyboard-')), 'walkaround.jpg')
  writeFileSync(file, Buffer.from(base64, 'base64'))
  return file
}

test('a driver signs in and completes a pre-trip with the keyboard alone', async ({ page, request }) => {
  test.slow()
  const maria = await apiSession(request, MARIA)
  const assigned = (await (await request.get(`/api/driver/${maria.userId}/units`, { headers: auth(maria) })).json()) as { unit_id: { _id: string; unitNumber: string } }[]
  const unit = assigned.map((item) => item.unit_id).find((candidate) => candidate.unitNumber === 'T202')
  if (!unit) throw new Error('Maria no longer has trailer T202 in the demo data')
  const finished = async () =>
    ((await (await request.get(`/api/pre-inspection/${unit._id}/all`, { headers: auth(maria) })).json()) as { items: { inspection_id: { description: string; picture_ids: string[] } }[] }).items.map(
      (item) => item.inspection_id,
    )
  const description = `Keyboard-only walk-around ${Date.now()}`

  await page.goto('/signin')
  const photo = await smallJpeg(page)
  await tabTo(page, page.getByLabel('Email'))
  await page.keyboard.type(MARIA)
  await tabTo(page, page.getByLabel('Password'))
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/units$/, { timeout: 30_000 })

  await tabTo(page, page.getByRole('link', { name: new RegExp(`Unit ${unit.unitNumber}\\b`) }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/unit/${unit._id}/pre-inspections$`))
  await tabTo(page, page.getByRole('button', { name: 'Start / Continue PreTrip' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })).toBeVisible()

  for (const item of CHECKLIST) {
    await tabTo(page, page.getByLabel(`Choose photos for ${item}`))
    const chooser = page.waitForEvent('filechooser')
    await page.keyboard.press('Space')
    await (await chooser).setFiles(photo)
    const card = page.getByRole('list', { name: 'Checklist' }).getByRole('listitem', { name: item, exact: true })
    await expect(card.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
  }

  await tabTo(page, page.getByRole('button', { name: 'Next' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Checklist and description' })).toBeVisible()
  await tabTo(page, page.getByRole('textbox', { name: 'Description' }))
  await page.keyboard.type(description)
  // The driver signs the report (§396.11) by typing their name: the pad's keyboard way.
  await tabTo(page, page.getByLabel('Or type your name to sign'))
  await page.keyboard.type('Maria Lopez')
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('button', { name: 'Next' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Pre-Inspection was successfully saved.')).toBeVisible()

  // The server has this pre-trip once, with one photo per checklist item.
  await expect.poll(async () => (await finished()).filter((pretrip) => pretrip.description === description).map((pretrip) => pretrip.picture_ids.length), { timeout: 60_000 }).toEqual([CHECKLIST.length])
})
