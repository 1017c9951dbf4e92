// The authorization matrix: every route the server registers × six callers (anonymous, company A's
// driver and owner, company B's owner and driver, a newcomer without a company), each against company
// A's real ids in a freshly seeded world, expecting the status its rule in route-table.ts gives. Refused
// callers go first and must leave every table and the file store as they were.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../server/harness.ts'
import { ACTORS, callRow, registeredRoutes, ROUTE_TABLE, RULES, type Actor, type Outcome } from './route-table.ts'
import { fingerprint } from './table-snapshot.ts'
import { seedWorld } from './world.ts'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})

afterAll(async () => {
  await ctx.close()
})

/** The outcome as the rule states it when it matches; otherwise status and message, so a diff says why. */
function outcomeOf(status: number, body: unknown, expected: Outcome): Outcome | string {
  if (status >= 200 && status < 300) return 'ok'
  if (expected === 'denied' && (status === 403 || status === 404)) return 'denied'
  if (status === expected) return status
  const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : ''
  return `${status} ${message}`.trim()
}

test('every route the server registers has exactly one row in the matrix, and every row a route', () => {
  const registered = registeredRoutes(ctx.app)
  const rows = ROUTE_TABLE.map((row) => row.route)
  expect(
    registered.filter((route) => !rows.includes(route)),
    'routes without a row in tests/security/route-table.ts',
  ).toEqual([])
  expect(
    rows.filter((route) => !registered.includes(route)),
    'rows naming no registered route',
  ).toEqual([])
  expect(rows.filter((route, index) => rows.indexOf(route) !== index), 'routes with more than one row').toEqual([])
  console.log(`authorization matrix: ${registered.length} routes, ${rows.length} rows, ${rows.length * ACTORS.length} cells`)
})

for (const row of ROUTE_TABLE) {
  test(`${row.route} is for ${row.rule}`, async () => {
    const world = await seedWorld(ctx)
    const expected: Record<Actor, Outcome> = RULES[row.rule]
    const refused = ACTORS.filter((actor) => expected[actor] !== 'ok')
    const allowed = ACTORS.filter((actor) => expected[actor] === 'ok')
    const actual: Partial<Record<Actor, Outcome | string>> = {}

    const before = await fingerprint(ctx)
    for (const actor of refused) {
      const response = await callRow(world, row, actor)
      actual[actor] = outcomeOf(response.status, response.body, expected[actor])
    }
    expect(await fingerprint(ctx), 'a refused call changed stored data').toEqual(before)
    for (const actor of allowed) {
      const response = await callRow(world, row, actor)
      actual[actor] = outcomeOf(response.status, response.body, expected[actor])
    }

    expect(actual).toEqual(expected)
  })
}
