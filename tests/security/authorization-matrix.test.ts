// The authorization matrix: every route the server registers × six callers (anonymous, company A's
// driver and owner, company B's owner and driver, a newcomer without a company), each against company
// A's real ids in a freshly seeded world, expecting the status its rule in route-table.ts gives. Refused
// callers go first and must leave every table and the file store as they were. Every paged list is also
// called with `limit`, and must admit and refuse the same callers.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../server/harness.ts'
import { ACTORS, callRow, PAGED_LIST_ROUTES, registeredRoutes, ROUTE_TABLE, RULES, type Actor, type Outcome, type RouteRow } from './route-table.ts'
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

/** Calls the row as all six callers (refused ones first, which must change nothing); answers what each got. */
async function callAsEveryone(row: RouteRow, extraQuery?: Record<string, string>) {
  const world = await seedWorld(ctx)
  const expected: Record<Actor, Outcome> = RULES[row.rule]
  const refused = ACTORS.filter((actor) => expected[actor] !== 'ok')
  const allowed = ACTORS.filter((actor) => expected[actor] === 'ok')
  const actual: Partial<Record<Actor, Outcome | string>> = {}

  const before = await fingerprint(ctx)
  for (const actor of refused) {
    const response = await callRow(world, row, actor, extraQuery)
    actual[actor] = outcomeOf(response.status, response.body, expected[actor])
  }
  expect(await fingerprint(ctx), 'a refused call changed stored data').toEqual(before)
  const bodies: unknown[] = []
  for (const actor of allowed) {
    const response = await callRow(world, row, actor, extraQuery)
    actual[actor] = outcomeOf(response.status, response.body, expected[actor])
    bodies.push(response.body)
  }

  return { actual, expected, bodies }
}

for (const row of ROUTE_TABLE) {
  test(`${row.route} is for ${row.rule}`, async () => {
    const { actual, expected } = await callAsEveryone(row)
    expect(actual).toEqual(expected)
  })
}

for (const route of PAGED_LIST_ROUTES) {
  const row = ROUTE_TABLE.find((candidate) => candidate.route === route)!
  test(`${route} paged (limit=1) is for ${row.rule}, as the whole list is`, async () => {
    const { actual, expected, bodies } = await callAsEveryone(row, { limit: '1' })
    expect(actual).toEqual(expected)
    for (const page of bodies) expect(page).toMatchObject({ items: expect.any(Array), total: expect.any(Number) })
  })
}
