// Documents (spec §7 "Documents"): a unit's documents, the app-level list, one document, adding and
// deleting. Owners see and manage all of the company's documents; drivers read the ones visible to them
// (server/documents/visibility.ts) and may add documents to their own units, always visible to drivers.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { MessageResponse } from '../../core/contract/auth.ts'
import {
  CreateDocumentFields,
  MAX_DOCUMENT_BYTES,
  documentFileKind,
  type CreateDocumentResponse,
  type DocumentDetails,
} from '../../core/contract/documents.ts'
import { DocumentListQuery } from '../../core/contract/paging.ts'
import { FILE_TOO_LARGE_MESSAGE, UNSUPPORTED_FILE_MESSAGE } from '../../core/contract/media-limits.ts'
import { requireOwner, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { documents, documentUnits, units } from '../db/schema.ts'
import { sniffDocumentType } from '../media/file-type.ts'
import { documentList, documentSearch, loadDocuments, NEWEST_DOCUMENTS, NEWEST_UNIT_DOCUMENTS } from '../documents/load-documents.ts'
import { forUnit, viewerOf, type Viewer } from '../documents/visibility.ts'
import type { AppEnv } from '../http/app-env.ts'
import { listPage, pageRequestOf, wholeList, type KeysetOrder } from '../http/keyset-page.ts'
import { idParam, parseOr400 } from '../http/validate.ts'
import { readSmallMultipart } from '../http/small-multipart.ts'
import { exceedsImageDimensions, IMAGE_DIMENSIONS_MESSAGE } from '../media/image-dimensions.ts'
import { findVisibleUnit } from '../units/unit-access.ts'
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/pg-error.ts'
import { Invalid, NotFound, Refused, TooLarge } from '../domain-errors.ts'

const notFound = () => new NotFound('Not found.')


/** The units a document is attached to: the company's, and for a driver, only units assigned to them. */
async function checkChosenUnits(db: Db, viewer: Viewer, unitIds: readonly string[]): Promise<void> {
  if (unitIds.length === 0) return
  const found = await db
    .select({ id: units.id, driverId: units.driverId })
    .from(units)
    .where(and(eq(units.companyId, viewer.companyId), inArray(units.id, [...unitIds]), isNull(units.archivedAt)))
  const byId = new Map(found.map((unit) => [unit.id, unit]))
  for (const id of unitIds) {
    const unit = byId.get(id)
    if (!unit) throw new NotFound('Unit not found.')
    if (viewer.role === 'driver' && unit.driverId !== viewer.userId) {
      throw new Refused('You can only add documents to units assigned to you.')
    }
  }
}

/** Both document lists: without `limit` the spec's whole list; with it one page (core/contract/paging.ts). `q` applies to both. */
async function documentsResponse(c: Context<AppEnv>, viewer: Viewer, where: SQL | undefined, order: KeysetOrder) {
  const { db } = c.var.deps
  const query = parseOr400(DocumentListQuery, c.req.query())
  const page = pageRequestOf(query)
  const search = query.q === undefined ? undefined : await documentSearch(db, viewer.companyId, query.q)
  const list = documentList(db, c.var.deps, viewer, and(where, search), order)
  if (!page) return c.json((await wholeList(list)).map((entry) => entry.document))
  const loaded = await listPage(list, page)
  return c.json({ ...loaded, items: loaded.items.map((entry) => entry.document) })
}

export function documentRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.get('/:companyId/unit/:unitId', async (c) => {
    const viewer = viewerOf(c.var.user)
    if (idParam(c, 'companyId') !== viewer.companyId) throw notFound()
    // An owner may read any unit of the company, a driver only a unit assigned to them.
    const unit = await findVisibleUnit(c.var.deps.db, c.var.user, idParam(c, 'unitId'))
    return documentsResponse(c, viewer, forUnit(c.var.deps.db, unit.id), NEWEST_UNIT_DOCUMENTS)
  })

  app.get('/:companyId/all', async (c) => {
    const viewer = viewerOf(c.var.user)
    if (idParam(c, 'companyId') !== viewer.companyId) throw notFound()
    return documentsResponse(c, viewer, undefined, NEWEST_DOCUMENTS)
  })

  app.get('/:id', async (c) => {
    const id = idParam(c, 'id')
    const [loaded] = await loadDocuments(c.var.deps.db, c.var.deps, viewerOf(c.var.user), eq(documents.id, id))
    if (!loaded) throw notFound()
    return c.json(loaded.document)
  })

  app.get('/:id/details', async (c) => {
    const id = idParam(c, 'id')
    const [loaded] = await loadDocuments(c.var.deps.db, c.var.deps, viewerOf(c.var.user), eq(documents.id, id))
    if (!loaded) throw notFound()
    const details: DocumentDetails = {
      ...loaded.document,
      contentType: loaded.contentType,
      size: loaded.size,
      kind: documentFileKind(loaded.document.cloudflareKey),
    }
    return c.json(details)
  })

  app.post('/', async (c) => {
    const { db, files } = c.var.deps
    const viewer = viewerOf(c.var.user)
    const { fields, files: uploaded } = await readSmallMultipart(c, CreateDocumentFields)
    const file = uploaded[0]
    if (!file || file.size === 0) throw new Invalid('Choose a file to upload.', { field: 'files' })
    if (uploaded.length > 1) throw new Invalid('Upload one file at a time.')
    if (file.size > MAX_DOCUMENT_BYTES) throw new TooLarge(FILE_TOO_LARGE_MESSAGE)
    const bytes = new Uint8Array(await file.arrayBuffer())
    const type = await sniffDocumentType(bytes)
    if (!type) throw new Invalid(UNSUPPORTED_FILE_MESSAGE)
    if (type.kind === 'image' && exceedsImageDimensions(bytes)) throw new Invalid(IMAGE_DIMENSIONS_MESSAGE)

    // A driver's document is for the units they chose and always visible to drivers (spec §6: the
    // all-units and visible-to-driver choices are the owner's).
    const isOwner = viewer.role === 'owner'
    const allUnits = isOwner && fields.allUnits === '1'
    const showForDrivers = !isOwner || fields.showForDrivers === '1'
    if (!isOwner && fields.units.length === 0) {
      throw new Invalid('Choose at least one of your units.', { field: 'units' })
    }
    await checkChosenUnits(db, viewer, fields.units)

    // The stored name is ours, never the sender's.
    const key = c.var.fileKey('documents')
    await files.put(key, bytes, type.contentType)
    let documentId: string
    try {
      documentId = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(documents)
          .values({
            companyId: viewer.companyId,
            authorId: viewer.userId,
            fileName: fields.fileName,
            fileKey: key,
            contentType: type.contentType,
            size: bytes.byteLength,
            allUnits,
            showForDrivers,
            expiresOn: fields.expiresOn,
            createdAt: c.var.deps.now?.(),
          })
          .returning({ id: documents.id })
        if (fields.units.length > 0) {
          await tx.insert(documentUnits).values(fields.units.map((unitId) => ({ documentId: created!.id, unitId })))
        }
        return created!.id
      })
    } catch (error) {
      // Whatever failed, no orphaned file stays behind.
      await files.delete(key).catch(() => undefined)
      // A chosen unit deleted since it was checked.
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new NotFound('Unit not found.')
      throw error
    }
    const [loaded] = await loadDocuments(db, c.var.deps, viewer, eq(documents.id, documentId))
    return c.json({ message: 'Document has been saved successfully.', document: loaded!.document } satisfies CreateDocumentResponse, 201)
  })

  app.delete('/:id', requireOwner, async (c) => {
    const { db, files } = c.var.deps
    const viewer = viewerOf(c.var.user)
    const id = idParam(c, 'id')
    const [deleted] = await db
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.companyId, viewer.companyId)))
      .returning({ fileKey: documents.fileKey })
    if (!deleted) throw notFound()
    // The row is gone, so the file is unreachable; a failed removal wastes space but breaks nothing.
    await files.delete(deleted.fileKey).catch(() => undefined)
    return c.json({ message: 'Document has been deleted successfully.' } satisfies MessageResponse)
  })

  return app
}
