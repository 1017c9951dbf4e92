import { rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/http/infrastructure-errors.ts'
import { SHUTTING_DOWN_MESSAGE } from '../../server/routes/health.ts'
import { createTestContext, type TestContext } from './harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

test('the API answers health and unknown API paths are JSON 404s', async () => {
  expect((await ctx.call('GET', '/health')).body).toEqual({ ok: true })
  const missing = await ctx.call('GET', '/no-such-thing')
  expect(missing.status).toBe(404)
  expect(missing.body).toEqual({ message: 'Not found.' })
})

test('health answers 503 with a message once the server is draining', async () => {
  let draining = false
  const { call } = ctx.instance({ draining: () => draining })
  expect((await call('GET', '/health')).status).toBe(200)
  draining = true
  const answer = await call('GET', '/health')
  expect(answer.status).toBe(503)
  expect(answer.body).toEqual({ message: SHUTTING_DOWN_MESSAGE })
})

test('health answers 503 with a message while the database does not answer', async () => {
  const other = await createTestContext()
  try {
    expect((await other.call('GET', '/health')).status).toBe(200)
    await other.database.close()
    const answer = await other.call('GET', '/health')
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE })
  } finally {
    // Its job queue too, not only the database: a queue left open keeps timers alive after the file ends.
    await other.jobs.stop()
    rmSync(other.dataDir, { recursive: true, force: true })
  }
})
