// The documents API (spec §7 "Documents"): adding, listing, reading and deleting, the roles and company
// scoping of each route, and the file rules — type from the bytes, 25 MB, stored names that are ours.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_DOCUMENT_BYTES, type CompanyDocument } from '../../core/contract/documents.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, pngBytes, tiffBytes, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser & { companyId: string }
let otherOwner: TestUser & { companyId: string }
let unitId: string
let unitVin: string
let driverUnitId: string

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.driver(owner.companyId)
  otherOwner = await ctx.owner()
  const unit = await makeUnit(ctx.db, owner.companyId)
  unitId = unit.id
  unitVin = unit.vin
  driverUnitId = (await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })).id
})
afterAll(() => ctx.close())

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'))
const pdfBytes = (body = 'BT /F1 12 Tf (Insurance) Tj ET') => bytesOf(`%PDF-1.7\n1 0 obj\n<< /Length ${body.length} >>\nstream\n${body}\nendstream\nendobj\n%%EOF\n`)

type Upload = { bytes: Uint8Array; name: string; type?: string }

function postDocument(fields: Record<string, string>, files: Upload[] = [{ bytes: pdfBytes(), name: 'insurance.pdf', type: 'application/pdf' }], who: TestUser = owner) {
  return ctx.call('POST', '/documents', { token: who.token, body: uploadForm(fields, files) })
}

/** Adds a document and returns it; fails the test unless it was saved. */
async function addDocument(fields: Record<string, string>, files?: Upload[], who: TestUser = owner): Promise<CompanyDocument> {
  const response = await postDocument(fields, files, who)
  // Compared with the body, so a refusal shows its message.
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 })
  return response.body.document as CompanyDocument
}

/** Follows a signed file URL the way a browser would. */
async function fetchFile(url: string) {
  const response = await ctx.app.request(url)
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

const storedDocuments = () => {
  try {
    return readdirSync(path.join(ctx.dataDir, 'files', 'documents')).filter((name) => !name.endsWith('.type'))
  } catch {
    return []
  }
}

describe('POST /documents', () => {
  test('an owner adds a PDF for one unit and gets it back as spec §3 describes it', async () => {
    const response = await postDocument({ fileName: 'Insurance 2025', allUnits: '0', showForDrivers: '1', units: unitId })
    expect(response.status).toBe(201)
    expect(response.body.message).toBe('Document has been saved successfully.')
    const document = response.body.document as CompanyDocument
    expect(document).toMatchObject({
      fileName: 'Insurance 2025',
      authorId: { _id: owner.id, firstName: 'Test', lastName: 'User' },
      allUnits: false,
      unitIds: [{ _id: unitId, vin: unitVin }],
      showForDrivers: true,
    })
    expect(document.cloudflareKey).toMatch(/^documents\/[0-9a-f-]{36}\.pdf$/)
    expect(Number.isNaN(Date.parse(document.createdAt))).toBe(false)

    const inline = await fetchFile(document.url)
    expect(inline.status).toBe(200)
    expect(inline.bytes).toEqual(pdfBytes())
    expect(inline.headers.get('content-type')).toBe('application/pdf')
    expect(inline.headers.get('content-disposition')).toMatch(/^inline/)
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff')

    const download = await fetchFile(document.downloadUrl)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Insurance 2025\.pdf"/)
  })

  test('without the flags a document is visible to drivers and not for all units', async () => {
    const document = await addDocument({ fileName: 'Permit' })
    expect(document).toMatchObject({ allUnits: false, showForDrivers: true, unitIds: [] })
  })

  test('an owner may make a document for all units and hidden from drivers', async () => {
    const document = await addDocument({ fileName: 'Company policy', allUnits: '1', showForDrivers: '0' })
    expect(document).toMatchObject({ allUnits: true, showForDrivers: false, unitIds: [] })
  })

  test('a repeated unit id attaches the unit once', async () => {
    const document = await addDocument({ fileName: 'Registration', units: `${unitId}, ${unitId},` })
    expect(document.unitIds).toEqual([{ _id: unitId, vin: unitVin }])
  })

  test('all units together with specific units is refused', async () => {
    const response = await postDocument({ fileName: 'Both', allUnits: '1', units: unitId })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Choose All units or specific units, not both.')
  })

  test('a missing, blank or overlong File Name is refused with a message', async () => {
    for (const fields of [{}, { fileName: '   ' }] as Record<string, string>[]) {
      const response = await postDocument(fields)
      expect(response.status).toBe(400)
      expect(response.body.message).toContain('File Name is required.')
    }
    const long = await postDocument({ fileName: 'x'.repeat(201) })
    expect(long.status).toBe(400)
    expect(long.body.message).toContain('File Name must have at most 200 characters.')
    expect((await addDocument({ fileName: 'y'.repeat(200) })).fileName).toHaveLength(200)
  })

  test('flags other than 0 and 1, and unit ids that are not ids, are refused', async () => {
    expect((await postDocument({ fileName: 'Flags', allUnits: 'yes' })).status).toBe(400)
    expect((await postDocument({ fileName: 'Flags', showForDrivers: 'true' })).status).toBe(400)
    const badUnit = await postDocument({ fileName: 'Units', units: `${unitId},not-an-id` })
    expect(badUnit.status).toBe(400)
    expect(badUnit.body).toEqual({ message: 'One of the chosen units is not valid.', field: 'units' })
  })

  test('no file, an empty file or two files are refused', async () => {
    const none = await postDocument({ fileName: 'Nothing' }, [])
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Choose a file to upload.')
    expect((await postDocument({ fileName: 'Empty' }, [{ bytes: new Uint8Array(), name: 'empty.pdf' }])).status).toBe(400)
    const two = await postDocument({ fileName: 'Two' }, [
      { bytes: pdfBytes(), name: 'a.pdf' },
      { bytes: pdfBytes(), name: 'b.pdf' },
    ])
    expect(two.status).toBe(400)
    expect(two.body.message).toBe('Upload one file at a time.')
  })

  test('a JSON body is refused: documents are sent as multipart', async () => {
    const response = await ctx.call('POST', '/documents', { token: owner.token, json: { fileName: 'JSON' } })
    expect(response.status).toBe(400)
  })

  test("another company's unit answers 404 and stores nothing", async () => {
    const foreign = await makeUnit(ctx.db, otherOwner.companyId)
    const before = storedDocuments().length
    const response = await postDocument({ fileName: 'Sneaky', units: `${unitId},${foreign.id}` })
    expect(response.status).toBe(404)
    expect(storedDocuments()).toHaveLength(before)
  })

  test('a driver adds a document to their own unit: always visible to drivers, never for all units', async () => {
    const document = await addDocument({ fileName: 'Fuel receipt', showForDrivers: '0', units: driverUnitId }, undefined, driver)
    expect(document).toMatchObject({ allUnits: false, showForDrivers: true, unitIds: [{ _id: driverUnitId }] })
    expect(document.authorId?._id).toBe(driver.id)
  })

  test('a driver must choose one of their own units', async () => {
    const none = await postDocument({ fileName: 'Loose', allUnits: '1' }, undefined, driver)
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Choose at least one of your units.')
    const notTheirs = await postDocument({ fileName: 'Not mine', units: unitId }, undefined, driver)
    expect(notTheirs.status).toBe(403)
  })

  test('a signed-out caller gets 401 and a user with no company yet gets 403', async () => {
    expect((await ctx.call('POST', '/documents', { body: uploadForm({ fileName: 'x' }, []) })).status).toBe(401)
    const newcomer = await ctx.user({ role: null, companyId: null })
    expect((await postDocument({ fileName: 'x' }, undefined, newcomer)).status).toBe(403)
  })

  test('a retried upload with the same Idempotency-Key saves the document once', async () => {
    const send = () =>
      ctx.call('POST', '/documents', {
        token: owner.token,
        headers: { 'Idempotency-Key': 'document-retry-1' },
        body: uploadForm({ fileName: 'Retried', units: unitId }, [{ bytes: pdfBytes('retry'), name: 'r.pdf' }]),
      })
    const first = await send()
    const second = await send()
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body.document._id).toBe(first.body.document._id)
    const all = await ctx.call('GET', `/documents/${owner.companyId}/all`, { token: owner.token })
    expect(all.body.filter((document: CompanyDocument) => document.fileName === 'Retried')).toHaveLength(1)
  })
})

describe('file rules', () => {
  test('every image type of spec §5 is accepted, typed by its bytes, with a matching key extension', async () => {
    const ico = new Uint8Array(22 + 40)
    ico.set([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 40, 0, 0, 0, 22, 0, 0, 0])
    const bmp = new Uint8Array(54)
    bmp.set([0x42, 0x4d, 54, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 24, 0])
    const cases: [Uint8Array, string, string][] = [
      [pngBytes(8, 8), 'image/png', 'png'],
      [jpegBytes(640, 480), 'image/jpeg', 'jpg'],
      [bytesOf('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif', 'gif'],
      [bytesOf('RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00'), 'image/webp', 'webp'],
      [bmp, 'image/bmp', 'bmp'],
      [tiffBytes(true), 'image/tiff', 'tiff'],
      [tiffBytes(false), 'image/tiff', 'tiff'],
      [ico, 'image/x-icon', 'ico'],
    ]
    for (const [bytes, contentType, extension] of cases) {
      // The sender's name and type claim nothing: every file is sent as an anonymous binary.
      const document = await addDocument({ fileName: `Image ${extension}` }, [{ bytes, name: 'upload.bin' }])
      expect(document.cloudflareKey.endsWith(`.${extension}`)).toBe(true)
      const served = await fetchFile(document.url)
      expect(served.headers.get('content-type')).toBe(contentType)
      expect(served.bytes).toEqual(bytes)
    }
  })

  test('a PNG named scan.pdf is stored as the PNG it is', async () => {
    const document = await addDocument({ fileName: 'Scan' }, [{ bytes: pngBytes(4, 4), name: 'scan.pdf', type: 'application/pdf' }])
    expect(document.cloudflareKey).toMatch(/\.png$/)
    expect((await fetchFile(document.url)).headers.get('content-type')).toBe('image/png')
  })

  test('a renamed program is refused as an unsupported file type', async () => {
    const before = storedDocuments().length
    for (const bytes of [bytesOf('\x7fELF\x02\x01\x01\x00'), bytesOf('MZ\x90\x00\x03\x00\x00\x00PE\x00\x00'), bytesOf('#!/bin/sh\nrm -rf /\n')]) {
      const response = await postDocument({ fileName: 'Invoice' }, [{ bytes, name: 'invoice.pdf', type: 'application/pdf' }])
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('Unsupported file type.')
    }
    expect(storedDocuments()).toHaveLength(before)
  })

  test('an HTML page named .pdf is refused', async () => {
    const html = bytesOf('<!doctype html><html><body><script>fetch("/api/user")</script>%PDF-1.7</body></html>')
    const response = await postDocument({ fileName: 'Statement' }, [{ bytes: html, name: 'statement.pdf', type: 'application/pdf' }])
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Unsupported file type.')
  })

  test('HEIC photos and videos are not documents', async () => {
    const heic = bytesOf('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic')
    const mp4 = bytesOf('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2')
    for (const bytes of [heic, mp4]) {
      expect((await postDocument({ fileName: 'Media' }, [{ bytes, name: 'photo.jpg' }])).status).toBe(400)
    }
  })

  test('an SVG with a script is kept, but only ever served as a sandboxed download', async () => {
    const svg = bytesOf('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>')
    const document = await addDocument({ fileName: 'Logo' }, [{ bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }])
    expect(document.cloudflareKey).toMatch(/\.svg$/)
    for (const url of [document.url, document.downloadUrl]) {
      const served = await fetchFile(url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/svg+xml')
      expect(served.headers.get('content-disposition')).toMatch(/^attachment/)
      expect(served.headers.get('content-security-policy')).toContain('sandbox')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  test('the stored name is ours: a path in the uploaded name never reaches the disk', async () => {
    const before = new Set(storedDocuments())
    const document = await addDocument({ fileName: 'Traversal' }, [{ bytes: pdfBytes(), name: '../../../etc/passwd.pdf' }])
    const added = storedDocuments().filter((name) => !before.has(name))
    expect(added).toHaveLength(1)
    expect(`documents/${added[0]}.pdf`).toBe(document.cloudflareKey)
  })

  test('a file of exactly 25 MB is accepted', async () => {
    const bytes = new Uint8Array(MAX_DOCUMENT_BYTES)
    bytes.set(pdfBytes())
    const document = await addDocument({ fileName: 'Manual' }, [{ bytes, name: 'manual.pdf' }])
    const details = await ctx.call('GET', `/documents/${document._id}/details`, { token: owner.token })
    expect(details.body.size).toBe(MAX_DOCUMENT_BYTES)
  })

  test('a file over 25 MB answers 413 with a message and stores nothing', async () => {
    const before = storedDocuments().length
    // Just over the limit (caught when the file is read) and far over it (caught while the body streams in).
    for (const size of [MAX_DOCUMENT_BYTES + 1, MAX_DOCUMENT_BYTES + 2 * 1024 * 1024]) {
      const bytes = new Uint8Array(size)
      bytes.set(pdfBytes())
      const response = await postDocument({ fileName: 'Too big' }, [{ bytes, name: 'big.pdf' }])
      expect(response.status).toBe(413)
      expect(response.body.message).toBe('The file is too large.')
    }
    expect(storedDocuments()).toHaveLength(before)
  })
})

describe('GET /documents/{id} and /documents/{id}/details', () => {
  test('an owner reads one document, and its details name the type and size for the preview', async () => {
    const added = await addDocument({ fileName: 'Title', units: unitId })
    const one = await ctx.call('GET', `/documents/${added._id}`, { token: owner.token })
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ _id: added._id, fileName: 'Title', unitIds: [{ _id: unitId, vin: unitVin }] })
    const details = await ctx.call('GET', `/documents/${added._id}/details`, { token: owner.token })
    expect(details.status).toBe(200)
    expect(details.body).toMatchObject({ _id: added._id, contentType: 'application/pdf', size: pdfBytes().byteLength, kind: 'pdf' })
  })

  test("another company's owner gets 404, as do unknown and malformed ids", async () => {
    const added = await addDocument({ fileName: 'Private' })
    for (const suffix of ['', '/details']) {
      expect((await ctx.call('GET', `/documents/${added._id}${suffix}`, { token: otherOwner.token })).status).toBe(404)
      expect((await ctx.call('GET', `/documents/00000000-0000-4000-8000-000000000000${suffix}`, { token: owner.token })).status).toBe(404)
      expect((await ctx.call('GET', `/documents/not-an-id${suffix}`, { token: owner.token })).status).toBe(404)
    }
  })

  test('a signed-out caller gets 401', async () => {
    const added = await addDocument({ fileName: 'Locked' })
    expect((await ctx.call('GET', `/documents/${added._id}`)).status).toBe(401)
  })
})

describe('GET /documents/{companyId}/all and /documents/{companyId}/unit/{unitId}', () => {
  test("the app-level list holds the company's documents, newest first", async () => {
    const first = await addDocument({ fileName: 'Older' })
    const second = await addDocument({ fileName: 'Newer' })
    const response = await ctx.call('GET', `/documents/${owner.companyId}/all`, { token: owner.token })
    expect(response.status).toBe(200)
    const ids = (response.body as CompanyDocument[]).map((document) => document._id)
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id))
    expect(ids.indexOf(first._id)).toBeGreaterThanOrEqual(0)
  })

  test("a unit's list holds the documents for all units and those attached to it, not other units' ones", async () => {
    const { id: unit } = await makeUnit(ctx.db, owner.companyId)
    const { id: otherUnit } = await makeUnit(ctx.db, owner.companyId)
    const forAll = await addDocument({ fileName: 'For all', allUnits: '1' })
    const attached = await addDocument({ fileName: 'Attached', units: `${unit},${otherUnit}` })
    const elsewhere = await addDocument({ fileName: 'Elsewhere', units: otherUnit })
    const loose = await addDocument({ fileName: 'Loose' })
    const response = await ctx.call('GET', `/documents/${owner.companyId}/unit/${unit}`, { token: owner.token })
    expect(response.status).toBe(200)
    const ids = (response.body as CompanyDocument[]).map((document) => document._id)
    expect(ids).toContain(forAll._id)
    expect(ids).toContain(attached._id)
    expect(ids).not.toContain(elsewhere._id)
    expect(ids).not.toContain(loose._id)
  })

  test("another company's id or unit answers 404; malformed ids too", async () => {
    const foreign = await makeUnit(ctx.db, otherOwner.companyId)
    const paths = [
      `/documents/${otherOwner.companyId}/all`,
      `/documents/${otherOwner.companyId}/unit/${foreign.id}`,
      `/documents/${owner.companyId}/unit/${foreign.id}`,
      `/documents/${otherOwner.companyId}/unit/${unitId}`,
      `/documents/not-an-id/all`,
      `/documents/${owner.companyId}/unit/not-an-id`,
    ]
    for (const apiPath of paths) {
      const response = await ctx.call('GET', apiPath, { token: owner.token })
      expect({ apiPath, status: response.status }).toEqual({ apiPath, status: 404 })
    }
  })

  test("a driver asking for a unit not assigned to them gets 404", async () => {
    const response = await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitId}`, { token: driver.token })
    expect(response.status).toBe(404)
  })
})

describe('DELETE /documents/{id}', () => {
  test('an owner deletes a document: it is gone, and so is its stored file', async () => {
    const added = await addDocument({ fileName: 'Old registration', units: unitId })
    expect((await fetchFile(added.url)).status).toBe(200)
    const key = added.cloudflareKey.replace(/\.[a-z]+$/, '')
    expect(storedDocuments()).toContain(key.split('/')[1])

    const response = await ctx.call('DELETE', `/documents/${added._id}`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Document has been deleted successfully.')
    expect((await ctx.call('GET', `/documents/${added._id}`, { token: owner.token })).status).toBe(404)
    // The file goes by a job, once the row is gone for good.
    expect(await ctx.runJobs()).toBeGreaterThan(0)
    expect(storedDocuments()).not.toContain(key.split('/')[1])
    // Its old link opens nothing: the document is no one's to read any more.
    expect((await fetchFile(added.url)).status).toBe(403)
  })

  test('a driver may not delete, even a document they added', async () => {
    const added = await addDocument({ fileName: 'Mine', units: driverUnitId }, undefined, driver)
    const response = await ctx.call('DELETE', `/documents/${added._id}`, { token: driver.token })
    expect(response.status).toBe(403)
    expect((await ctx.call('GET', `/documents/${added._id}`, { token: owner.token })).status).toBe(200)
  })

  test("another company's owner gets 404 and the document stays", async () => {
    const added = await addDocument({ fileName: 'Keep' })
    expect((await ctx.call('DELETE', `/documents/${added._id}`, { token: otherOwner.token })).status).toBe(404)
    expect((await ctx.call('DELETE', '/documents/not-an-id', { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', `/documents/${added._id}`, { token: owner.token })).status).toBe(200)
    expect((await fetchFile(added.url)).status).toBe(200)
  })
})
