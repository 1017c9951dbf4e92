// The DVIR end to end (issue 14, docs/decisions/011-dvir.md): a driver on a phone does a pre-trip with
// the network off — photos, an out-of-service defect with its note, the summary, the signature — and
// once the network is back the server has it once and the unit is in Maintenance; then the owner finds
// the defect on /defects (sidebar badge), certifies it with a note and a signature, 'Mark Maintenance
// Complete' is offered again, and the next pre-trip starts with the review of that report, signed.
// Axe scans every new screen: step 1 with results, step 2's summary and signature, /defects, the
// certification, the review.
import { devices, type APIRequestContext } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { apiSession, auth, axeViolations, MARIA, OWNER, signIn, type Session } from './a11y/a11y-helpers.ts'
import { canvasJpegs, outboxOps, signAndFinish, TRUCK_CHECKLIST as CHECKLIST, unitForMaria } from './pretrip-fixtures.ts'
import { sign } from './signature-pad.ts'

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7']

const CERTIFICATION_SAVED = 'Certification saved. It is sent to the server as soon as there is a connection.'

interface ServerReport {
  _id: string
  description: string
  dvir?: { results: { _id: string; item: string; result: string; severity: string | null; note: string }[]; signedAt: string | null; review?: { reviewed_id: string | null } | null }
}

async function reportsOf(request: APIRequestContext, session: Session, unitId: string): Promise<ServerReport[]> {
  const response = await request.get(`/api/pre-inspection/${unitId}/all`, { headers: auth(session) })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { items: { inspection_id: ServerReport }[] }).items.map((item) => item.inspection_id)
}

async function unitStatus(request: APIRequestContext, owner: Session, unitId: string): Promise<string> {
  return ((await (await request.get(`/api/units/${unitId}/info`, { headers: auth(owner) })).json()) as { status: string }).status
}

/** A signature the API takes: a small real PNG as a data URL. */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'

test.describe('on a phone', () => {
  test.use(pixel7)

  // On Firefox this finish moves to /units with that screen's code not in the page (opened at the unit,
  // no service worker in control yet, and Firefox's offline fetches nothing, not even from its HTTP
  // cache): the router reloads the page, and the saved toast must come with it (src/ui/kept-toast.ts).
  test('a driver reports an out-of-service defect offline, signs, and the unit goes to Maintenance once it reaches the server', async ({ page, context, request }) => {
    test.slow()
    const owner = await apiSession(request, OWNER)
    const maria = await apiSession(request, MARIA)
    const unitId = await unitForMaria(request, owner, maria, 'DVIR')
    const description = `DVIR offline ${Date.now()}`

    await signIn(page, MARIA)
    const [file] = await canvasJpegs(page, [200])
    await page.goto(`/unit/${unitId}/pre-inspections`)
    await expect(page.getByRole('button', { name: 'Start / Continue PreTrip' })).toBeVisible()
    // The unit's last report (none yet) is known before the signal goes.
    await expect(page.getByText("You didn't made any pretrips yet.")).toBeVisible()

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
    await expect(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })).toBeVisible()
    for (const item of CHECKLIST) {
      await page.getByLabel(`Choose photos for ${item}`).setInputFiles(file!)
      await expect(page.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
    }
    const lights = page.getByRole('group', { name: 'Result for Lights' })
    await lights.getByRole('radio', { name: 'Defect' }).check()
    // A defect needs its note and severity: Next says so, and nothing is lost.
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Describe each defect and choose its severity.')).toBeVisible()
    await lights.getByRole('radio', { name: 'Out of service' }).check()
    await lights.getByLabel('Defect note').fill('Left headlamp dead')
    await lights.getByLabel('Defect note').blur()
    expect(await axeViolations(page, 'pre-trip step 1 with a defect')).toEqual([])
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByRole('heading', { name: 'Step 2 of 2: Checklist and description' })).toBeVisible()
    const summary = page.getByRole('region', { name: 'Summary', exact: true })
    await expect(summary).toContainText('Lights — Out of service: Left headlamp dead')
    await expect(summary).toContainText('Not safe to operate')
    await page.getByRole('textbox', { name: 'Description' }).fill(description)
    // Unsigned, the report is not finished.
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Please sign the report.')).toBeVisible()
    expect(await axeViolations(page, 'pre-trip step 2, summary and signature')).toEqual([])
    await signAndFinish(page)
    // Back on the driver's units (on Firefox by way of that reload, which nothing may meet half-way),
    // told the report was saved.
    await expect(page.getByRole('heading', { name: 'My Units' })).toBeVisible()
    await expect(page.getByText('Pre-Inspection was successfully saved.')).toBeVisible()
    expect(await outboxOps(page)).toBeGreaterThan(0)
    expect((await reportsOf(request, maria, unitId)).filter((report) => report.description === description)).toEqual([])
    expect(await unitStatus(request, owner, unitId)).toBe('Assigned to Driver')

    await context.setOffline(false)
    await expect.poll(async () => (await reportsOf(request, maria, unitId)).filter((report) => report.description === description).length, { timeout: 90_000 }).toBe(1)
    await expect.poll(() => outboxOps(page), { timeout: 30_000 }).toBe(0)
    const [report] = (await reportsOf(request, maria, unitId)).filter((candidate) => candidate.description === description)
    expect(report!.dvir!.results.map((result) => [result.item, result.result, result.severity]).sort()).toEqual(
      CHECKLIST.map((item) => (item === 'Lights' ? [item, 'defect', 'out-of-service'] : [item, 'ok', null])).sort(),
    )
    expect(await unitStatus(request, owner, unitId)).toBe('Maintenance')
    const timeline = (await (await request.get(`/api/units/${unitId}/timeline`, { headers: auth(owner) })).json()) as { status: string; notes: string }[]
    expect(timeline.filter((entry) => entry.notes.startsWith('Out of service: DVIR-'))).toHaveLength(1)
  })

  // Decision 021's open case: before, the second reviewed the report before the first, the server refused
  // that once the first arrived, and offline the phone could only offer the same old report again.
  test('two pre-trips back to back offline: the second reviews the first, still on the phone; online, both arrive and the review names the first', async ({ page, context, request }) => {
    test.slow()
    const owner = await apiSession(request, OWNER)
    const maria = await apiSession(request, MARIA)
    const unitId = await unitForMaria(request, owner, maria, 'TWICE')
    const stamp = Date.now()
    const [first, second] = [`First offline ${stamp}`, `Second offline ${stamp}`]

    await signIn(page, MARIA)
    const [file] = await canvasJpegs(page, [120])
    await page.goto(`/unit/${unitId}/pre-inspections`)
    await expect(page.getByText("You didn't made any pretrips yet.")).toBeVisible()
    await context.setOffline(true)

    const pretrip = async (description: string, defect: string | null) => {
      await expect(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })).toBeVisible()
      for (const item of CHECKLIST) {
        await page.getByLabel(`Choose photos for ${item}`).setInputFiles(file!)
        await expect(page.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
      }
      if (defect) {
        const lights = page.getByRole('group', { name: 'Result for Lights' })
        await lights.getByRole('radio', { name: 'Defect' }).check()
        await lights.getByRole('radio', { name: 'Minor' }).check()
        await lights.getByLabel('Defect note').fill(defect)
        await lights.getByLabel('Defect note').blur()
      }
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('textbox', { name: 'Description' }).fill(description)
      await signAndFinish(page)
      await expect(page.getByRole('heading', { name: 'My Units' })).toBeVisible()
    }
    await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
    await pretrip(first, 'Left headlamp dim')

    await page.locator(`a[href="/unit/${unitId}/pre-inspections"]`).first().click()
    await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
    const review = page.getByRole('region', { name: 'Review the last report' })
    await expect(review).toContainText('Your pre-trip of')
    await expect(review).toContainText('Left headlamp dim')
    // At once, while the first one's saved toast is still over the bottom of the screen, where the pad
    // scrolls to: the strokes go through the toast to the pad.
    await expect(page.getByText('Pre-Inspection was successfully saved.')).toBeVisible()
    await sign(page, 'Driver, Sign Below')
    await page.getByRole('button', { name: 'Sign and continue' }).click()
    await pretrip(second, null)

    await context.setOffline(false)
    await expect.poll(async () => (await reportsOf(request, maria, unitId)).filter((report) => [first, second].includes(report.description)).length, { timeout: 90_000 }).toBe(2)
    await expect.poll(() => outboxOps(page), { timeout: 30_000 }).toBe(0)
    const reports = await reportsOf(request, maria, unitId)
    const firstId = reports.find((report) => report.description === first)!._id
    expect(reports.find((report) => report.description === second)!.dvir?.review?.reviewed_id).toBe(firstId)
  })
})

/** Maria's finished report on the unit with an out-of-service defect on Engine Oil, through the API. */
async function reportWithOilLeak(request: APIRequestContext, maria: Session, unitId: string): Promise<string> {
  const created = await request.post('/api/pre-inspection', { headers: auth(maria), data: { type: 'pre-inspection', company_id: maria.companyId, user_id: maria.userId, unit_id: unitId } })
  const reportId = ((await created.json()) as { body: { _id: string } }).body._id
  expect((await request.put(`/api/pre-inspection/${reportId}/result`, { headers: auth(maria), data: { item: 'Engine Oil', result: 'defect', severity: 'out-of-service', note: 'Oil leak under the pan' } })).ok()).toBe(true)
  expect((await request.put(`/api/pre-inspection/${reportId}`, { headers: auth(maria), data: { currentStep: 5, signature: SIGNATURE, checklist: CHECKLIST } })).ok()).toBe(true)
  return reportId
}

async function certificationsOf(request: APIRequestContext, owner: Session, unitId: string): Promise<{ action: string; note: string }[]> {
  const response = await request.get(`/api/defects?unitId=${unitId}&status=all`, { headers: auth(owner) })
  expect(response.ok()).toBe(true)
  const { items } = (await response.json()) as { items: { certification: { action: string; note: string } | null }[] }
  return items.flatMap((defect) => (defect.certification ? [{ action: defect.certification.action, note: defect.certification.note }] : []))
}

test('the owner certifies the defect on /defects; then the next pre-trip starts with the signed review of that report', async ({ page, request }) => {
  test.slow()
  const owner = await apiSession(request, OWNER)
  const maria = await apiSession(request, MARIA)
  const unitId = await unitForMaria(request, owner, maria, 'CERT')
  const unitNumber = ((await (await request.get(`/api/units/${unitId}/info`, { headers: auth(owner) })).json()) as { unitNumber: string }).unitNumber
  const reportId = await reportWithOilLeak(request, maria, unitId)

  await signIn(page, OWNER)
  // The unit page: maintenance cannot be completed while the defect is open.
  await page.goto(`/unit/${unitId}`)
  await expect(page.getByText('An out-of-service defect is not certified yet.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark Maintenance Complete' })).toHaveCount(0)

  await page.getByRole('link', { name: /^Defects/ }).first().click()
  await expect(page).toHaveURL(/\/defects/)
  const card = page.getByRole('article', { name: `Engine Oil on unit ${unitNumber}` })
  await expect(card).toContainText('Oil leak under the pan')
  await expect(card).toContainText('Out of service')
  expect(await axeViolations(page, 'defects')).toEqual([])

  await card.getByRole('button', { name: 'Certify' }).click()
  const dialog = page.getByRole('dialog', { name: 'Certify defect' })
  // Nothing chosen yet: the form says what is missing and keeps what was entered.
  await dialog.getByRole('textbox', { name: 'Note' }).fill('New drain plug gasket')
  await dialog.getByRole('button', { name: 'Certify' }).click()
  await expect(dialog.getByRole('alert')).toContainText("Choose 'Repaired' or 'No repair needed'.")
  await dialog.getByRole('radio', { name: 'Repaired' }).check()
  await dialog.getByRole('button', { name: 'Certify' }).click()
  await expect(dialog.getByRole('alert')).toContainText('The signature is empty. Please sign.')
  await expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveValue('New drain plug gasket')
  expect(await axeViolations(page, 'certify defect')).toEqual([])
  await sign(page, 'Owner, Sign Below')
  await dialog.getByRole('button', { name: 'Certify' }).click()
  await expect(page.getByText(CERTIFICATION_SAVED)).toBeVisible()
  // Once the outbox has delivered it, the defect is no longer open.
  await expect(card).toHaveCount(0, { timeout: 60_000 })

  // Certified: 'Mark Maintenance Complete' is offered again, and the History names the certification.
  await page.goto(`/unit/${unitId}`)
  await expect(page.getByRole('button', { name: 'Mark Maintenance Complete' })).toBeVisible()
  const timeline = (await (await request.get(`/api/units/${unitId}/timeline`, { headers: auth(owner) })).json()) as { notes: string }[]
  expect(timeline.some((entry) => entry.notes.startsWith('Repaired: Engine Oil'))).toBe(true)

  // The next pre-trip on the unit starts with the last report, its defect and the certification.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.clear())
  await signIn(page, MARIA)
  await page.goto(`/unit/${unitId}/pre-inspections`)
  await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
  const review = page.getByRole('region', { name: 'Review the last report' })
  await expect(review).toContainText('Oil leak under the pan')
  await expect(review).toContainText('Repaired')
  await expect(review).toContainText('New drain plug gasket')
  expect(await axeViolations(page, 'review of the last report')).toEqual([])
  await page.getByRole('button', { name: 'Sign and continue' }).click()
  await expect(page.getByText('Sign that you reviewed the last report.')).toBeVisible()
  await sign(page, 'Driver, Sign Below')
  await page.getByRole('button', { name: 'Sign and continue' }).click()
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })).toBeVisible()

  // The server holds the review on the new pre-trip, naming the report.
  await expect
    .poll(
      async () => {
        const resumed = await request.post('/api/pre-inspection', { headers: auth(maria), data: { type: 'pre-inspection', company_id: maria.companyId, user_id: maria.userId, unit_id: unitId } })
        return ((await resumed.json()) as { body: { dvir?: { review: { reviewed_id: string } | null } } }).body.dvir?.review?.reviewed_id ?? null
      },
      { timeout: 60_000 },
    )
    .toBe(reportId)
})

test('the owner certifies offline in the shop; back online the defect is certified once and Mark Maintenance Complete is offered', async ({ page, context, request }) => {
  test.slow()
  const owner = await apiSession(request, OWNER)
  const maria = await apiSession(request, MARIA)
  const unitId = await unitForMaria(request, owner, maria, 'SHOP')
  const unitNumber = ((await (await request.get(`/api/units/${unitId}/info`, { headers: auth(owner) })).json()) as { unitNumber: string }).unitNumber
  await reportWithOilLeak(request, maria, unitId)

  await signIn(page, OWNER)
  await page.goto(`/unit/${unitId}`)
  await expect(page.getByText('An out-of-service defect is not certified yet.')).toBeVisible()
  await page.getByRole('link', { name: 'Certify on Defects' }).click()
  const card = page.getByRole('article', { name: `Engine Oil on unit ${unitNumber}` })
  await expect(card).toContainText('Oil leak under the pan')

  // No signal in the shop.
  await context.setOffline(true)
  await card.getByRole('button', { name: 'Certify' }).click()
  const dialog = page.getByRole('dialog', { name: 'Certify defect' })
  await dialog.getByRole('radio', { name: 'Repaired' }).check()
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Replaced the oil pan gasket')
  await sign(page, 'Owner, Sign Below')
  await dialog.getByRole('button', { name: 'Certify' }).click()
  await expect(page.getByText(CERTIFICATION_SAVED)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  // Kept on the device and shown as waiting; the server has nothing yet.
  await expect(card).toContainText('Certification waiting to be sent — Repaired: Replaced the oil pan gasket')
  await expect(card.getByRole('button', { name: 'Certify' })).toHaveCount(0)
  expect(await axeViolations(page, 'defects with a certification waiting')).toEqual([])
  expect(await certificationsOf(request, owner, unitId)).toEqual([])
  // The unit says what waits, and offers no 'Mark Maintenance Complete' yet.
  await card.getByRole('link', { name: `Unit ${unitNumber}` }).click()
  await expect(page.getByText("A certification is waiting to be sent. 'Mark Maintenance Complete' is offered once the server has it.")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mark Maintenance Complete' })).toHaveCount(0)

  await context.setOffline(false)
  await expect.poll(() => certificationsOf(request, owner, unitId), { timeout: 90_000 }).toEqual([{ action: 'repaired', note: 'Replaced the oil pan gasket' }])
  await expect.poll(() => outboxOps(page), { timeout: 30_000 }).toBe(0)
  // The unit asks again once the certification has left the device.
  await expect(page.getByRole('button', { name: 'Mark Maintenance Complete' })).toBeVisible({ timeout: 30_000 })
  const timeline = (await (await request.get(`/api/units/${unitId}/timeline`, { headers: auth(owner) })).json()) as { notes: string }[]
  expect(timeline.filter((entry) => entry.notes.startsWith('Repaired: Engine Oil'))).toHaveLength(1)

  // On /defects it shows certified, once, and nothing waits any more.
  await page.goto(`/defects?status=all&unitId=${unitId}`)
  const certified = page.getByRole('article', { name: `Engine Oil on unit ${unitNumber}` })
  await expect(certified).toHaveCount(1)
  await expect(certified).toContainText('Replaced the oil pan gasket')
  await expect(certified.getByText('Repaired', { exact: true })).toHaveCount(1)
  await expect(certified).not.toContainText('waiting to be sent')
  await expect(certified.getByRole('button', { name: 'Certify' })).toHaveCount(0)
})
