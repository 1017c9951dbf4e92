// JSON routes read at most 1 MB and refuse more with 413 before reading it; only upload routes take
// large bodies (issue 17). A huge body announced by Content-Length is refused unread; one streamed
// without a length is cut off as it passes the limit.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { bodyLimitOf, JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '../../server/http/body-limits.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { makeUnit } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
})
afterAll(() => ctx.close())

/** A body of `size` bytes that counts how much of it was read. */
function countedStream(size: number) {
  const read = { bytes: 0 }
  const chunk = new Uint8Array(64 * 1024).fill(0x20)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= size) return controller.close()
      read.bytes += chunk.length
      controller.enqueue(chunk)
    },
  })
  return { stream, read }
}

test('an anonymous sign-in with a 150 MB body is refused with 413 from its Content-Length, unread', async () => {
  const { stream, read } = countedStream(150 * 1024 * 1024)
  const response = await ctx.call('POST', '/auth/login', {
    body: stream,
    headers: { 'content-type': 'application/json', 'content-length': String(150 * 1024 * 1024) },
  })
  expect(response.status).toBe(413)
  expect(response.body).toEqual({ message: 'The request is too large.' })
  expect(read.bytes).toBeLessThan(1024 * 1024)
})

test('a JSON body streamed without a length is cut off just past 1 MB; without a session it is refused before it is read', async () => {
  for (const token of [undefined, owner.token]) {
    const { stream, read } = countedStream(50 * 1024 * 1024)
    const response = await ctx.call('POST', '/units', { token, body: stream, headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(token ? 413 : 401)
    expect(read.bytes).toBeLessThan(JSON_BODY_LIMIT + 1024 * 1024)
  }
})

test('a JSON body under the limit is read as before', async () => {
  const unit = await makeUnit(ctx.db, owner.companyId)
  const response = await ctx.call('PUT', `/units/${unit.id}/status`, { token: owner.token, json: { newStatus: 'Maintenance', notes: 'x'.repeat(500) } })
  expect(response.status).not.toBe(413)
})

test('only the upload routes take large bodies, each with its own limit', () => {
  expect(bodyLimitOf('POST', `/api/inspection/photo-inspection/${crypto.randomUUID()}`).maxSize).toBe(UPLOAD_BODY_LIMIT)
  expect(bodyLimitOf('POST', `/api/pre-inspection/video-preInspection/${crypto.randomUUID()}`).maxSize).toBe(UPLOAD_BODY_LIMIT)
  expect(bodyLimitOf('POST', '/api/documents').maxSize).toBeLessThan(UPLOAD_BODY_LIMIT)
  expect(bodyLimitOf('POST', `/api/user/set-avatar/${crypto.randomUUID()}`).maxSize).toBeLessThan(UPLOAD_BODY_LIMIT)
  for (const [method, path] of [['POST', '/api/auth/login'], ['POST', '/api/units'], ['PUT', '/api/units/x'], ['POST', '/api/documents/x'], ['GET', '/api/documents']]) {
    expect(bodyLimitOf(method!, path!).maxSize).toBe(JSON_BODY_LIMIT)
  }
})
