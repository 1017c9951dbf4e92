// What the e2e tests that drive a driver's pre-trip through a broken link need: a unit of their own in
// Maria's hands, real JPEGs to capture, the server's finished pre-trips and the phone's outbox count.
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'
import { auth, newDemoUnit, type Session } from './a11y/a11y-helpers.ts'
import { sign } from './signature-pad.ts'

/** The seeded Truck checklist, in the order the wizard shows it. */
export const TRUCK_CHECKLIST = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']
export const FINISHED_STEP = 5

/**
 * A fresh unit handed to Maria through the owner's assign flow (API), so no other test touches it.
 * `prefix` starts its unit number and tells which suite made it.
 */
export async function unitForMaria(request: APIRequestContext, owner: Session, maria: Session, prefix: string): Promise<string> {
  const unitId = (await newDemoUnit(request, owner, prefix))._id
  const draft = await request.post('/api/inspection', { headers: auth(owner), data: { type: 'inspection', company_id: owner.companyId, user_id: owner.userId, unit_id: unitId } })
  expect(draft.ok()).toBe(true)
  const draftId = ((await draft.json()) as { body: { _id: string } }).body._id
  const finished = await request.put(`/api/inspection/${draftId}`, {
    headers: auth(owner),
    data: { id: draftId, description: `Handed over for the ${prefix} suite`, to_user_id: maria.userId, currentStep: FINISHED_STEP },
  })
  expect(finished.ok(), await finished.text()).toBe(true)
  return unitId
}

/** One small real JPEG per hue, drawn in the page's canvas (busy enough not to compress to nothing). */
export async function canvasJpegs(page: Page, hues: number[], size = { width: 800, height: 600 }): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-jpegs-'))
  const files: string[] = []
  for (const hue of hues) {
    const base64 = await page.evaluate(
      async ({ value, width, height }) => {
        const canvas = document.createElement('canvas')
        canvas.width = width
        canvas.height = height
        const context = canvas.getContext('2d')!
        context.fillStyle = `hsl(${value}, 50%, 60%)`
        context.fillRect(0, 0, width, height)
        for (let index = 0; index < 200; index++) {
          context.fillStyle = `hsl(${(value + index * 37) % 360}, 40%, ${20 + (index % 60)}%)`
          context.fillRect((index * 97) % width, (index * 53) % height, 80, 60)
        }
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.9))
        const bytes = new Uint8Array(await blob.arrayBuffer())
        let binary = ''
        for (const byte of bytes) binary += String.fromCharCode(byte)
        return btoa(binary)
      },
      { value: hue, ...size },
    )
    const file = path.join(dir, `IMG_${hue}.jpg`)
    writeFileSync(file, Buffer.from(base64, 'base64'))
    files.push(file)
  }
  return files
}

export interface ServerPretrip {
  description: string
  picture_ids: string[]
  items?: Record<string, { picture_ids: string[] }>
}

/** The unit's finished pre-trips on the server that carry `description` (one, when nothing doubled). */
export async function finishedPretrips(request: APIRequestContext, maria: Session, unitId: string, description: string): Promise<ServerPretrip[]> {
  const response = await request.get(`/api/pre-inspection/${unitId}/all`, { headers: auth(maria) })
  expect(response.ok()).toBe(true)
  const { items } = (await response.json()) as { items: { inspection_id: ServerPretrip }[] }
  return items.map((item) => item.inspection_id).filter((pretrip) => pretrip.description === description)
}

/** How many operations the page's outbox still holds. */
export const outboxOps = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fleetyard-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const count = open.result.transaction('ops').objectStore('ops').count()
          count.onsuccess = () => {
            resolve(count.result)
            open.result.close()
          }
        }
      }),
  )

/**
 * 'Start / Continue PreTrip', and when the unit has a last report, its review signed (§396.13) — the
 * wizard's step 1 follows either way.
 */
export async function startPretrip(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
  const stepOne = page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })
  const review = page.getByRole('heading', { name: 'Review the last report' })
  await expect(stepOne.or(review)).toBeVisible()
  if (await review.isVisible()) {
    await sign(page, 'Driver, Sign Below')
    await page.getByRole('button', { name: 'Sign and continue' }).click()
  }
  await expect(stepOne).toBeVisible()
}

/** Step 2's end: the driver signs the report, then Next finishes it. */
export async function signAndFinish(page: Page): Promise<void> {
  await sign(page, 'Driver, Sign Below')
  await page.getByRole('button', { name: 'Next' }).click()
}

/** The page's Query cache is on the device (localStorage) with this unit and its pre-trip list. */
export async function waitForPersistedCache(page: Page, unitId: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((id) => {
          const raw = localStorage.getItem('fleetyard-query-cache-v1')
          if (!raw) return false
          const keys = (JSON.parse(raw) as { clientState: { queries: { queryKey: unknown[] }[] } }).clientState.queries.map((query) => JSON.stringify(query.queryKey))
          return keys.includes(JSON.stringify(['units', 'info', id])) && keys.includes(JSON.stringify(['pre-inspections', 'mine', id]))
        }, unitId),
      { timeout: 15_000 },
    )
    .toBe(true)
}
