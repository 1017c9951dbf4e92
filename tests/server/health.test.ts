import { afterAll, beforeAll, expect, test } from 'vitest'
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
