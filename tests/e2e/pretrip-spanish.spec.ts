// Issue 25: one driver journey in Spanish. A phone whose browser prefers Spanish opens the app in
// Spanish with no choice made (navigator.languages); the offline reload still starts in Spanish (the
// catalog is precached); and the whole pre-trip done offline reaches the server once back online.
import { devices, type APIRequestContext } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { canvasJpegs, waitForPersistedCache } from './pretrip-fixtures.ts'
import { sign } from './signature-pad.ts'

const ALEX = 'alex@fleetyard.demo'
/** The seeded Truck checklist as a Spanish reader sees it. */
const CHECKLIST_ES = ['Luces', 'Presión y estado de llantas', 'Aceite del motor', 'Nivel de anticongelante']
const PASSWORD = 'Fleetyard1'

const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']
test.use({ ...pixel7, locale: 'es-MX' })

interface Session {
  token: string
  userId: string
}

async function api<T>(request: APIRequestContext, session: Session, pathname: string): Promise<T> {
  const response = await request.get(`/api${pathname}`, { headers: { Authorization: `Bearer ${session.token}` } })
  expect(response.ok(), pathname).toBe(true)
  return (await response.json()) as T
}

async function finishedPretripCount(request: APIRequestContext, session: Session, unitId: string): Promise<number> {
  return (await api<{ items: unknown[] }>(request, session, `/pre-inspection/${unitId}/all`)).items.length
}

test('a Spanish-speaking driver does the pre-trip offline in Spanish and the server gets it once back online', async ({ page, context, request }) => {
  test.slow()
  await page.goto('/signin')
  await expect(page.getByRole('heading', { name: 'Inicie sesión en Fleetyard' })).toBeVisible()
  await expect(page.getByText('Empiece gratis')).toBeVisible()
  await page.getByLabel('Correo electrónico').fill(ALEX)
  await page.getByLabel('Contraseña').fill(PASSWORD)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page).toHaveURL(/\/units$/, { timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('heading', { name: 'Mis unidades' })).toBeVisible()
  const session = await page.evaluate(() => ({ token: localStorage.getItem('token')!, userId: localStorage.getItem('userId')! }))
  // The last of Alex's units: the English pre-trip specs take the first ones.
  const units = (await api<{ unit_id: { _id: string; unitNumber: string } }[]>(request, session, `/driver/${session.userId}/units`))
    .map((item) => item.unit_id)
    .sort((a, b) => a.unitNumber.localeCompare(b.unitNumber))
  const unit = units.at(-1)
  if (!unit) throw new Error('Alex has no assigned unit in the demo data')
  const before = await finishedPretripCount(request, session, unit._id)

  await page.goto(`/unit/${unit._id}/pre-inspections`)
  await expect(page.getByRole('button', { name: 'Iniciar / continuar inspección' })).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await waitForPersistedCache(page, unit._id)

  // Offline from here; the reload starts from the service worker's precache, catalog included.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText('Está sin conexión. Los cambios se guardan en este dispositivo y se sincronizan al reconectar.')).toBeVisible()
  await page.getByRole('button', { name: 'Iniciar / continuar inspección' }).click()
  const stepOne = page.getByRole('heading', { name: 'Paso 1 de 2: Fotos y videos' })
  const review = page.getByRole('heading', { name: 'Revise el último informe' })
  await expect(stepOne.or(review)).toBeVisible()
  if (await review.isVisible()) {
    await sign(page, 'Conductor, firme abajo')
    await page.getByRole('button', { name: 'Firmar y continuar' }).click()
  }
  await expect(stepOne).toBeVisible()

  const photos = await canvasJpegs(page, [20, 140])
  const checklist = page.getByRole('list', { name: 'Lista de revisión' })
  for (const item of CHECKLIST_ES) {
    await page.getByLabel(`Elegir fotos de ${item}`).setInputFiles(photos)
    const card = checklist.getByRole('listitem', { name: item, exact: true })
    await expect(card.getByRole('list', { name: `Capturas de ${item}` }).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 })
    await expect(card.getByRole('status')).toHaveText('Guardado en el dispositivo')
  }

  await page.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page.getByRole('heading', { name: 'Paso 2 de 2: Lista y descripción' })).toBeVisible()
  for (const item of CHECKLIST_ES) await expect(page.getByRole('list', { name: 'Resumen de la lista' }).getByRole('listitem').filter({ hasText: item })).toContainText('2 fotos')
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Revisión hecha sin conexión.')
  await sign(page, 'Conductor, firme abajo')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page.getByText('La inspección previa al viaje se guardó.')).toBeVisible()
  await expect(page).toHaveURL(/\/units$/)
  expect(await finishedPretripCount(request, session, unit._id)).toBe(before)

  await context.setOffline(false)
  await expect.poll(() => finishedPretripCount(request, session, unit._id), { timeout: 90_000 }).toBe(before + 1)
})
