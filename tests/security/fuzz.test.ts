// Property-based fuzzing of every route (fast-check): arbitrary and mutated JSON bodies, malformed JSON,
// wrong content types, huge and unicode strings, prototype-pollution keys, arbitrary multipart parts and
// arbitrary path params and query strings, sent by a caller the route admits (so validation, not the
// auth gate, is what answers) — then a fixed sweep setting each field and param of the valid request to
// each edge value in turn (NUL, lone surrogate, huge, wrong type…), so no run misses those. Never a 500;
// every refusal is a JSON `{ message }`; a refused request leaves every table and the file store
// unchanged; nothing reaches Object.prototype; a message is written for people, never led by a field key
// ('make: …' — the key travels in `field`). Every paged list also gets query strings of its own:
// limits, cursors (well-typed forgeries for every list, wrong types, garbled), search text, filters, sorts.
// FUZZ_RUNS (default 20) sets the cases per route; a failure prints the seed to replay it with FUZZ_SEED.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../server/harness.ts'
import { UNIT_SORTS } from '../../core/contract/paging.ts'
import { bodyLimitOf } from '../../server/http/body-limits.ts'
import { UNIT_STATUSES } from '../../core/contract/units.ts'
import {
  ACTORS,
  callerOf,
  fillPath,
  PAGED_LIST_ROUTES,
  RULES,
  ROUTE_TABLE,
  splitRoute,
  withQuery,
  type Actor,
  type RequestSpec,
  type RouteRow,
} from './route-table.ts'
import { fingerprint } from './table-snapshot.ts'
import { seedWorld, type World } from './world.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)

let ctx: TestContext
let caseCount = 0
const statuses = new Map<number, number>()
/** Reads change nothing, so every GET route shares one world; every other route gets its own. */
let readWorld: World | undefined

beforeAll(async () => {
  ctx = await createTestContext()
})

afterAll(async () => {
  const tally = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`)
  console.log(`fuzz: ${caseCount} cases over ${ROUTE_TABLE.length} routes (${RUNS} random per route, the edge-value sweep, header cases, ${RUNS * 5} list query strings per paged list); statuses ${tally.join(' ')}`)
  await ctx.close()
})

const HUGE = 'x'.repeat(200_000)

const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  // Any code point, lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 40 }),
  // Control and odd characters, NUL above all (PostgreSQL text cannot hold U+0000).
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u2028', '\uFEFF', '\uFFFF', 'a', ' '),
    minLength: 1,
    maxLength: 8,
  }),
  fc.constantFrom(
    HUGE,
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202Egnp.exe',
    'Ünïcødé 🚚 名前',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    'NaN',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
  ),
)

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.double(),
  fc.integer(),
  // Past int4, past the safe integers, and the zero JSON cannot tell from 0.
  fc.constantFrom(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, -0, 1e308, 0.1),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
)

/** JSON.stringify would turn a `__proto__` key into the prototype, so pollution attempts are written as text. */
function pollutionText(valid: unknown): string {
  const rest = valid && typeof valid === 'object' && !Array.isArray(valid) ? JSON.stringify(valid).slice(1, -1) : ''
  const attack = '"__proto__":{"polluted":"yes","role":"owner"},"constructor":{"prototype":{"polluted":"yes"}}'
  return `{${attack}${rest ? `,${rest}` : ''}}`
}

interface FilePart {
  field: string
  bytes: Uint8Array
  name: string
  type: string
}

type BodyCase =
  | { kind: 'none' }
  | { kind: 'text'; text: string; contentType: string | undefined }
  | { kind: 'form'; fields: [string, string][]; files: FilePart[] }

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  undefined,
)

/** Bodies for a JSON route, around the valid body the row would send. */
function jsonBodies(valid: unknown): fc.Arbitrary<BodyCase> {
  const text = (arbitrary: fc.Arbitrary<string>) =>
    fc.tuple(arbitrary, contentTypes).map(([body, contentType]): BodyCase => ({ kind: 'text', text: body, contentType }))
  const keys = valid && typeof valid === 'object' && !Array.isArray(valid) ? Object.keys(valid) : []
  const mutated = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, fc.option(nastyValue, { nil: undefined, freq: 2 })]))),
      fc.subarray(keys),
      fc.dictionary(nastyString, nastyValue, { maxKeys: 2 }),
    )
    .map(([replaced, dropped, extra]) => {
      const body: Record<string, unknown> = { ...extra, ...(valid as Record<string, unknown>) }
      for (const [key, value] of Object.entries(replaced)) if (value !== undefined) body[key] = value
      for (const key of dropped) delete body[key]
      return JSON.stringify(body)
    })
  // One field off, the rest valid: the case that gets deepest into a handler.
  const oneField = keys.length
    ? fc
        .tuple(fc.constantFrom(...keys), nastyValue)
        .map(([key, value]): BodyCase => ({ kind: 'text', text: JSON.stringify({ ...(valid as object), [key]: value }), contentType: 'application/json' }))
    : fc.constant<BodyCase>({ kind: 'text', text: '{}', contentType: 'application/json' })
  const validText = JSON.stringify(valid ?? {})
  return fc.oneof(
    { arbitrary: oneField, weight: 5 },
    { arbitrary: text(mutated), weight: 2 },
    { arbitrary: text(fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value))), weight: 2 },
    { arbitrary: text(fc.constant(pollutionText(valid))), weight: 1 },
    // Malformed JSON: cut short, garbage, or a valid body with trailing junk.
    {
      arbitrary: text(
        fc.oneof(
          fc.nat({ max: Math.max(0, validText.length - 1) }).map((end) => validText.slice(0, end)),
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.constantFrom(`${validText}}`, '{"a":', '\u0000', '[', '{'.repeat(10_000), `[${'['.repeat(5000)}${']'.repeat(5001)}`),
        ),
      ),
      weight: 2,
    },
    // Huge: one long value, or very many keys.
    {
      arbitrary: text(
        fc.constantFrom(
          JSON.stringify({ ...(valid as object), huge: HUGE }),
          JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
        ),
      ),
      weight: 1,
    },
    { arbitrary: fc.constant<BodyCase>({ kind: 'none' }), weight: 1 },
  )
}

const fileBytes = (validFiles: Uint8Array[]) =>
  fc.oneof(
    fc.uint8Array({ maxLength: 600 }),
    // A real file's start with random bytes after it: a header that lies about what follows.
    ...validFiles.map((bytes) => fc.uint8Array({ maxLength: 200 }).map((tail) => new Uint8Array([...bytes.subarray(0, 64), ...tail]))),
    fc.constantFrom(
      new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      new Uint8Array([0x4d, 0x5a, 0x90, 0]),
      new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      new Uint8Array(),
    ),
  )

/** Bodies for a multipart route, around the valid form the row would send (its files' bytes given). */
function formBodies(valid: FormData, validFiles: FilePart[]): fc.Arbitrary<BodyCase> {
  const validFields = [...valid.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const fieldNames = validFields.map(([name]) => name)
  const fieldName = fc.oneof(fc.constantFrom(...fieldNames, 'files', 'files[]', '__proto__', 'constructor'), nastyString)
  const file = fc.record({
    field: fc.constantFrom('files', 'files[]', 'file', ...fieldNames),
    bytes: fileBytes(validFiles.map((part) => part.bytes)),
    name: fc.oneof(nastyString, fc.constantFrom('../../etc/passwd.jpg', 'photo.jpg', 'a\r\nContent-Type: text/html.jpg', '')),
    type: fc.constantFrom('image/jpeg', 'image/png', 'text/html', 'image/svg+xml', 'application/x-msdownload', 'video/mp4', ''),
  })
  const form = fc
    .tuple(
      fc.subarray(validFields),
      fc.array(fc.tuple(fieldName, nastyString), { maxLength: 4 }),
      fc.array(file, { maxLength: 3 }),
    )
    .map(([kept, extra, files]): BodyCase => ({ kind: 'form', fields: [...kept, ...extra], files }))
  const garbage = fc
    .tuple(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('multipart/form-data; boundary=----fuzz', 'multipart/form-data', 'multipart/mixed; boundary=x'))
    .map(([text, contentType]): BodyCase => ({ kind: 'text', text: `------fuzz\r\n${text}`, contentType }))
  return fc.oneof(
    { arbitrary: form, weight: 5 },
    { arbitrary: garbage, weight: 1 },
    { arbitrary: jsonBodies(Object.fromEntries(validFields)), weight: 1 },
  )
}

/** A path param: the real id most often, else a random id, a nasty string, or raw (unencoded) junk. */
function paramValue(valid: string): fc.Arbitrary<{ raw: boolean; value: string }> {
  return fc.oneof(
    // Mostly the real id, so most cases get past the lookup to the body's validation.
    { arbitrary: fc.constant({ raw: false, value: valid }), weight: 6 },
    { arbitrary: fc.uuid().map((value) => ({ raw: false, value })), weight: 1 },
    { arbitrary: nastyString.map((value) => ({ raw: false, value })), weight: 2 },
    {
      arbitrary: fc
        .constantFrom('%', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%00', '..', '.', '%ZZ', '%C0%AE%C0%AE')
        .map((value) => ({ raw: true, value })),
      weight: 1,
    },
  )
}

/** encodeURIComponent throws on a lone surrogate; browsers send U+FFFD for it, and so do we. */
const encodeParam = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))

interface FuzzCase {
  params: Record<string, { raw: boolean; value: string }>
  query: Record<string, string> | null
  body: BodyCase
}

function requestOf(path: string, fuzzCase: FuzzCase): { url: string; init: { body?: BodyInit; headers: Record<string, string> } } {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const param = fuzzCase.params[name]!
    return param.raw ? param.value : encodeParam(param.value)
  })
  const url = withQuery(filled, fuzzCase.query ?? undefined)
  const { body } = fuzzCase
  if (body.kind === 'none') return { url, init: { headers: {} } }
  if (body.kind === 'text') {
    return { url, init: { body: body.text, headers: body.contentType ? { 'content-type': body.contentType } : {} } }
  }
  const form = new FormData()
  for (const [name, value] of body.fields) form.append(name, value)
  for (const file of body.files) form.append(file.field, new File([file.bytes as BlobPart], file.name, { type: file.type }))
  return { url, init: { body: form, headers: {} } }
}

/** The caller the rule admits, preferring the one with the most reach. */
function fuzzActor(row: RouteRow): Actor {
  const rule = RULES[row.rule]
  const preferred: Actor[] = ['owner', 'driver', 'newcomer', 'otherOwner', 'anonymous']
  return preferred.find((actor) => rule[actor] === 'ok') ?? ACTORS[0]
}

function caseArbitrary(
  method: string,
  validParams: Record<string, string>,
  valid: RequestSpec,
  validFiles: FilePart[],
): fc.Arbitrary<FuzzCase> {
  const params = fc.record(Object.fromEntries(Object.entries(validParams).map(([name, value]) => [name, paramValue(value)])))
  const queryKeys = fc.constantFrom('company_id', 'exp', 'sig', 'name', 'download', 'range', '__proto__', 'limit', 'cursor', 'q', 'status', 'type', 'sort')
  const query: fc.Arbitrary<Record<string, string> | null> = fc.oneof(
    fc.constant(valid.query ?? null),
    fc.dictionary(queryKeys, nastyString, { maxKeys: 4 }),
    fc.constant<Record<string, string>>(valid.query ? { ...valid.query, sig: 'AAAA' } : { company_id: 'not-an-id' }),
  )
  // fetch() refuses a body on GET and HEAD.
  const body: fc.Arbitrary<BodyCase> =
    method === 'GET'
      ? fc.constant({ kind: 'none' })
      : valid.form
        ? formBodies(valid.form, validFiles)
        : jsonBodies(valid.json ?? {})
  return fc.record({ params, query, body })
}

/** Values every field and param is tried with, one at a time with the rest valid, on every run. */
const EDGE_VALUES: unknown[] = ['\u0000', 'a\u0000b', '\uD800', '', ' ', HUGE, -1, 2_147_483_648, 1.5, null, true, [], {}]
const EDGE_PARAMS: { raw: boolean; value: string }[] = [
  { raw: false, value: '\u0000' },
  { raw: true, value: '%00' },
  { raw: false, value: 'x'.repeat(10_000) },
  { raw: false, value: '..' },
  { raw: true, value: '%E0%A4%A' },
]

/** The deterministic sweep: each body field, form field and path param set to each edge value in turn. */
function sweepCases(method: string, validParams: Record<string, string>, valid: RequestSpec, validFiles: FilePart[]): FuzzCase[] {
  const params = Object.fromEntries(Object.entries(validParams).map(([name, value]) => [name, { raw: false, value }]))
  const query = valid.query ?? null
  const fields = [...(valid.form?.entries() ?? [])].filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const validBody: BodyCase =
    method === 'GET'
      ? { kind: 'none' }
      : valid.form
        ? { kind: 'form', fields, files: validFiles }
        : { kind: 'text', text: JSON.stringify(valid.json ?? {}), contentType: 'application/json' }
  const cases: FuzzCase[] = []
  for (const name of Object.keys(params)) {
    for (const edge of EDGE_PARAMS) cases.push({ params: { ...params, [name]: edge }, query, body: validBody })
  }
  for (const name of Object.keys(query ?? {})) {
    for (const edge of EDGE_VALUES) if (typeof edge === 'string') cases.push({ params, query: { ...query, [name]: edge }, body: validBody })
  }
  if (method === 'GET') return cases
  if (valid.form) {
    for (const [name] of fields) {
      for (const edge of EDGE_VALUES) {
        if (typeof edge !== 'string') continue
        const changed = fields.map(([key, value]): [string, string] => [key, key === name ? edge : value])
        cases.push({ params, query, body: { kind: 'form', fields: changed, files: validFiles } })
      }
    }
    return cases
  }
  const json = valid.json
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    for (const key of Object.keys(json)) {
      for (const edge of EDGE_VALUES) {
        cases.push({ params, query, body: { kind: 'text', text: JSON.stringify({ ...json, [key]: edge }), contentType: 'application/json' } })
      }
    }
  }
  return cases
}

function describeCase(fuzzCase: FuzzCase, url: string): string {
  const body =
    fuzzCase.body.kind === 'text'
      ? `${fuzzCase.body.contentType ?? '(no type)'} ${fuzzCase.body.text.slice(0, 300)}`
      : fuzzCase.body.kind === 'form'
        ? `form ${JSON.stringify(fuzzCase.body.fields).slice(0, 300)} + ${fuzzCase.body.files.length} files`
        : '(no body)'
  return `${url.slice(0, 300)} — ${body}`
}

/** 'make: …', 'units.0: …': a message that names the request's key instead of speaking to a person. */
const FIELD_KEY_PREFIX = /^[A-Za-z_]\w*(\.\w+)*: /

/** A wrong password is refused and still counted: sign-in limits keep their counters in the database. */
const COUNTED_EVEN_WHEN_REFUSED = ['rate_limit_counters']

describe('every route answers arbitrary input with a 4xx or a success, never a 500', () => {
  for (const row of ROUTE_TABLE) {
    test(`${row.route} (as ${fuzzActor(row)})`, async () => {
      const { method, path } = splitRoute(row.route)
      const world = method === 'GET' ? (readWorld ??= await seedWorld(ctx)) : await seedWorld(ctx)
      const caller = callerOf(world, fuzzActor(row))
      const valid = (await row.request?.(world, caller)) ?? {}
      const validFiles: FilePart[] = []
      for (const [field, value] of valid.form?.entries() ?? []) {
        if (typeof value !== 'string') validFiles.push({ field, bytes: new Uint8Array(await value.arrayBuffer()), name: value.name, type: value.type })
      }

      let stored = await fingerprint(ctx, COUNTED_EVEN_WHEN_REFUSED)
      const check = async (fuzzCase: FuzzCase) => {
        caseCount++
        const { url, init } = requestOf(path, fuzzCase)
        if (process.env.FUZZ_TRACE) console.log('CASE', describeCase(fuzzCase, url))
        const before = stored
        const response = await ctx.call(method, url, { ...(caller ? { token: caller.token } : {}), ...init })
        stored = await fingerprint(ctx, COUNTED_EVEN_WHEN_REFUSED)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        const what = describeCase(fuzzCase, url)
        expect(response.status, `${what}`).toBeLessThan(500)
        const refused = response.status >= 400
        const message = refused ? (response.body as { message?: unknown } | null)?.message : 'success'
        expect(typeof message, `${what}: error body ${JSON.stringify(response.body)}`).toBe('string')
        expect(refused && FIELD_KEY_PREFIX.test(String(message)), `${what}: a message led by a field key: ${String(message)}`).toBe(false)
        // A success may change data; a refusal must not.
        expect(refused ? stored : before, `${what}: refused with ${response.status} but changed stored data`).toEqual(before)
        expect(Object.prototype, 'Object.prototype was polluted').not.toHaveProperty('polluted')
      }
      const validParams = row.params?.(world) ?? {}
      await fc.assert(fc.asyncProperty(caseArbitrary(method, validParams, valid, validFiles), check), {
        numRuns: RUNS,
        ...(SEED === undefined ? {} : { seed: SEED }),
      })
      for (const fuzzCase of sweepCases(method, validParams, valid, validFiles)) await check(fuzzCase)
    })
  }
})

/** Every list tag and the kinds of its cursor's values (server/http/keyset-page.ts), so forged cursors can get past the tag check. */
const CURSOR_SHAPES: { tag: string; kinds: ('text' | 'integer' | 'timestamp' | 'uuid')[] }[] = [
  ...UNIT_SORTS.map((sort) => ({
    tag: `units:${sort}`,
    kinds: [sort === 'newest' ? ('timestamp' as const) : sort.endsWith('year') ? ('integer' as const) : ('text' as const), 'uuid' as const],
  })),
  { tag: 'drivers', kinds: ['text', 'text', 'text', 'uuid'] },
  ...['documents', 'unit-documents', 'timeline', 'inspections', 'pre-inspections'].map((tag) => ({ tag, kinds: ['timestamp' as const, 'uuid' as const] })),
]

const encodeCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

const keyValueOf = {
  text: nastyString,
  integer: fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1.5, 1e308)),
  timestamp: fc.oneof(
    fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => `${date.toISOString().slice(0, 23)}456Z`),
    fc.constantFrom('2025-02-30T12:00:00.000000Z', '0000-01-01T00:00:00.000000Z', '2025-03-01 12:00:00+00', '2025-13-01T00:00:00.000000Z', 'infinity'),
  ),
  uuid: fc.oneof(fc.uuid(), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'not-a-uuid')),
}

/** Cursors: well-typed forgeries for every list (they only position), wrong-typed and wrong-tagged ones, garbled ones. */
const cursorValue: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(...CURSOR_SHAPES)
      .chain((shape) => fc.tuple(...shape.kinds.map((kind) => keyValueOf[kind])).map((values) => encodeCursor([shape.tag, ...values]))),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.oneof(fc.constantFrom(...CURSOR_SHAPES.map((shape) => shape.tag)), nastyString), fc.array(fc.oneof(nastyValue, keyValueOf.timestamp, fc.uuid()), { maxLength: 5 }))
      .map(([tag, values]) => encodeCursor([tag, ...values])),
  },
  {
    weight: 1,
    // One character of a real-looking cursor changed.
    arbitrary: fc
      .tuple(fc.constantFrom(...CURSOR_SHAPES), fc.nat(), fc.constantFrom('A', '_', '-', 'z', '0'))
      .map(([shape, at, by]) => {
        const cursor = encodeCursor([shape.tag, ...shape.kinds.map((kind) => (kind === 'integer' ? 2020 : kind === 'uuid' ? crypto.randomUUID() : kind === 'text' ? 'volvo' : '2025-03-01T12:00:00.123456Z'))])
        const index = at % cursor.length
        return `${cursor.slice(0, index)}${by}${cursor.slice(index + 1)}`
      }),
  },
  { weight: 1, arbitrary: fc.oneof(nastyString, fc.base64String({ maxLength: 80 })) },
)

/** The cursor tags each paged list answers to (its own cursors position; every other is refused). */
const OWN_TAGS: Record<(typeof PAGED_LIST_ROUTES)[number], (tag: string) => boolean> = {
  'GET /units/:companyId': (tag) => tag.startsWith('units:'),
  'GET /company/:id/drivers': (tag) => tag === 'drivers',
  'GET /companies/:id/drivers': (tag) => tag === 'drivers',
  'GET /documents/:companyId/all': (tag) => tag === 'documents',
  'GET /documents/:companyId/unit/:unitId': (tag) => tag === 'unit-documents',
  'GET /units/:id/timeline': (tag) => tag === 'timeline',
  'GET /units/:unitId/pre-inspections': (tag) => tag === 'pre-inspections',
  'GET /inspection/:unitId/all': (tag) => tag === 'inspections',
  'GET /pre-inspection/:unitId/all': (tag) => tag === 'pre-inspections',
}

/** Mostly valid, sometimes nasty, sometimes absent: so most cases get as far as the cursor and the SQL. */
const mostly = <T,>(valid: fc.Arbitrary<T>, nasty: fc.Arbitrary<T>) =>
  fc.option(fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: nasty }), { nil: undefined, freq: 3 })

function listQueries(world: World, route: (typeof PAGED_LIST_ROUTES)[number]): fc.Arbitrary<Record<string, string>> {
  // A well-typed forgery of this list's own cursor, with the sort it was made for.
  const ownCursor = fc
    .constantFrom(...CURSOR_SHAPES.filter((shape) => OWN_TAGS[route](shape.tag)))
    .chain((shape) =>
      fc.tuple(...shape.kinds.map((kind) => keyValueOf[kind])).map((values) => ({
        cursor: encodeCursor([shape.tag, ...values]),
        ...(shape.tag.startsWith('units:') ? { sort: shape.tag.slice('units:'.length) } : {}),
      })),
    )
  const paging = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 1, max: 200 }), ownCursor).map(([limit, own]) => ({ limit: String(limit), ...own })) },
    {
      weight: 2,
      arbitrary: fc.record({
        limit: mostly(
          fc.integer({ min: 1, max: 200 }).map(String),
          fc.oneof(fc.integer({ min: -5, max: 300 }).map(String), fc.constantFrom('0', '201', 'abc', '1e2', '0x10', ' 5', '05', '\u0665', '9'.repeat(30)), nastyString),
        ),
        cursor: mostly(cursorValue, nastyString),
        sort: mostly(fc.constantFrom(...UNIT_SORTS), nastyString),
      }),
    },
  )
  const filters = fc.record({
    q: mostly(fc.constantFrom('vol', 'U-', '2021', 'truck', '%', '_', '\\'), nastyString),
    status: mostly(fc.constantFrom(...UNIT_STATUSES), nastyString),
    type: mostly(fc.constantFrom(world.a.unitTypeId, world.a.subTypeId, world.b.unitTypeId), fc.oneof(fc.uuid(), nastyString)),
    company_id: mostly(fc.constantFrom(world.a.companyId), fc.oneof(fc.constant(world.b.companyId), fc.uuid(), nastyString)),
  })
  return fc
    .tuple(paging, filters)
    .map(([page, filter]) => Object.fromEntries(Object.entries({ ...filter, ...page }).filter((entry): entry is [string, string] => entry[1] !== undefined)))
}

describe('list query strings (paging, filters, search, forged cursors) answer a page, the list or a 4xx, never a 500', () => {
  for (const route of PAGED_LIST_ROUTES) {
    const row = ROUTE_TABLE.find((candidate) => candidate.route === route)!
    test(`${route} (as ${fuzzActor(row)})`, async () => {
      const { path } = splitRoute(route)
      const world = (readWorld ??= await seedWorld(ctx))
      const caller = callerOf(world, fuzzActor(row))!
      const filled = fillPath(path, row.params?.(world) ?? {})
      const check = async (query: Record<string, string>) => {
        caseCount++
        const url = withQuery(filled, query)
        const response = await ctx.call('GET', url, { token: caller.token })
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        expect(response.status, `${url}`).toBeLessThan(500)
        const refused = response.status >= 400
        const message = refused ? response.body?.message : 'success'
        expect(typeof message, `${url}: error body ${JSON.stringify(response.body)}`).toBe('string')
        // A success asked with a limit is a page of at most that many rows.
        const body = response.body
        const isPage =
          Array.isArray(body?.items) && Number.isInteger(body.total) && (body.nextCursor === null || typeof body.nextCursor === 'string') && body.items.length <= Number(query.limit)
        const pageProblem = refused || query.limit === undefined || isPage ? null : `not a page of at most ${query.limit}: ${JSON.stringify(body).slice(0, 300)}`
        expect(pageProblem, `${url}`).toBeNull()
        expect(Object.prototype, 'Object.prototype was polluted').not.toHaveProperty('polluted')
      }
      await fc.assert(fc.asyncProperty(listQueries(world, route), check), { numRuns: RUNS * 5, ...(SEED === undefined ? {} : { seed: SEED }) })
    })
  }
})

describe('headers', () => {
  test('any Authorization header that is not a live session answers 401, never a 500', async () => {
    const world = await seedWorld(ctx)
    const header = fc.oneof(
      fc.string({ maxLength: 300 }).map((value) => value.replace(/[^\x20-\x7e]/g, '')),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${world.a.owner.token}x`, `Bearer ${world.a.owner.token.slice(1)}`),
      fc.string({ maxLength: 100 }).map((value) => `Bearer ${value.replace(/[^\x21-\x7e]/g, '')}`),
    )
    await fc.assert(
      fc.asyncProperty(header, async (authorization) => {
        caseCount++
        const response = await ctx.call('GET', `/units/${world.a.unitId}/info`, { headers: { authorization } })
        expect(response.status, `${authorization}`).toBe(401)
      }),
      { numRuns: RUNS * 2, ...(SEED === undefined ? {} : { seed: SEED }) },
    )
  })

  test('any Idempotency-Key on a mutating route never answers 500', async () => {
    const world = await seedWorld(ctx)
    const key = fc.oneof(
      fc.string({ maxLength: 300 }).map((value) => value.replace(/[^\x20-\x7e]/g, '')),
      fc.constantFrom('', ' ', 'x'.repeat(201), 'x'.repeat(200), '__proto__'),
    )
    await fc.assert(
      fc.asyncProperty(key, fc.oneof(nastyString, fc.constant('Renamed')), async (idempotencyKey, name) => {
        caseCount++
        const response = await ctx.call('PUT', `/unit-types/${world.a.unitTypeId}`, {
          token: world.a.owner.token,
          json: { name },
          headers: { 'Idempotency-Key': idempotencyKey },
        })
        expect(response.status, `${JSON.stringify(idempotencyKey)} ${JSON.stringify(name).slice(0, 100)}`).toBeLessThan(500)
      }),
      { numRuns: RUNS * 2, ...(SEED === undefined ? {} : { seed: SEED }) },
    )
  })
})

describe('oversized bodies', () => {
  test('every route answers a body over its limit with 413 and a message, unread, signed in or not — never a 500', async () => {
    const world = await seedWorld(ctx)
    const tally = new Map<number, number>()
    for (const row of ROUTE_TABLE) {
      const { method, path } = splitRoute(row.route)
      if (method === 'GET' || method === 'HEAD') continue
      const url = fillPath(path, row.params?.(world) ?? {})
      const limit = bodyLimitOf(method, `/api${url.split('?')[0]}`, 'application/json')
      for (const actor of ['anonymous', fuzzActor(row)] as const) {
        const caller = callerOf(world, actor)
        const oversize = limit.maxSize + 1
        caseCount++
        // Announced by its length: refused before one byte is read.
        let read = 0
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            read += 65_536
            controller.enqueue(new Uint8Array(65_536))
            if (read > oversize + 65_536) controller.close()
          },
        })
        const response = await ctx.call(method, url, {
          token: caller?.token,
          body,
          headers: { 'content-type': 'application/json', 'content-length': String(oversize) },
        })
        tally.set(response.status, (tally.get(response.status) ?? 0) + 1)
        // The tus routes check the announced length after sign-in (a PATCH past it removes the caller's
        // upload), so nobody signed in is refused first — unread all the same.
        const signInFirst = actor === 'anonymous' && /^(POST|PATCH) \/uploads/.test(row.route)
        const expected = signInFirst ? { status: 401 } : { status: 413, body: { message: limit.message } }
        expect(response, `${row.route} as ${actor}`).toMatchObject(expected)
        expect(read, `${row.route} read ${read} bytes`).toBeLessThan(1024 * 1024)
      }
    }
    expect([...tally.keys()].sort()).toEqual([401, 413])
  })
})
