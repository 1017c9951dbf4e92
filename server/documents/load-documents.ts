// Documents as the API answers them (spec §3 Document): author's name, attached units, the key with its
// real extension, and signed URLs. A list or page of any size costs two queries — documents, then their units.
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm'
import type { CompanyDocument } from '../../core/contract/documents.ts'
import type { Db } from '../db/client.ts'
import { documents, documentUnits, units, users } from '../db/schema.ts'
import type { AppDeps } from '../http/app-env.ts'
import { keysetOrder, orderByOf, positionOf, type KeysetList, type KeysetOrder } from '../http/keyset-page.ts'
import { containsPattern } from '../http/search-pattern.ts'
import { extensionOf } from './document-file.ts'
import { visibleTo, type Viewer } from './visibility.ts'

export interface LoadedDocument {
  document: CompanyDocument
  contentType: string
  size: number
}

/** The name a download is saved under: the document's name, with its type's extension added when missing. */
function downloadName(fileName: string, extension: string): string {
  const lower = fileName.toLowerCase()
  const alreadyNamed = lower.endsWith(`.${extension}`) || (extension === 'jpg' && lower.endsWith('.jpeg'))
  return alreadyNamed ? fileName : `${fileName}.${extension}`
}

/** Newest first. Each list has its own tag, so a cursor of one is refused by the other. */
export const NEWEST_DOCUMENTS = keysetOrder('documents', 'desc', [{ value: documents.createdAt, kind: 'timestamp' }], documents.id)
export const NEWEST_UNIT_DOCUMENTS: KeysetOrder = { ...NEWEST_DOCUMENTS, tag: 'unit-documents' }

/**
 * The documents matching `where` that `viewer` may see, newest first. A driver's `unitIds` list only
 * their own units: the other units a document is attached to are none of their business.
 */
export async function loadDocuments(
  db: Db,
  deps: Pick<AppDeps, 'fileUrls' | 'now'>,
  viewer: Viewer,
  where?: SQL,
): Promise<LoadedDocument[]> {
  return (await documentList(db, deps, viewer, where, NEWEST_DOCUMENTS).load(undefined, undefined)).map((row) => row.item)
}

/**
 * The same as a list that pages: every page and the total hold the viewer's visibility rule, since it
 * is part of the one condition all of them share.
 */
export function documentList(
  db: Db,
  deps: Pick<AppDeps, 'fileUrls' | 'now'>,
  viewer: Viewer,
  where: SQL | undefined,
  order: KeysetOrder,
): KeysetList<LoadedDocument> {
  const condition = and(visibleTo(db, viewer), where)
  return {
    order,
    load: async (after, limit) => {
      const query = db
        .select({
          document: documents,
          author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
          position: positionOf(order),
        })
        .from(documents)
        .leftJoin(users, eq(users.id, documents.authorId))
        .where(and(condition, after))
        .orderBy(...orderByOf(order))
        .$dynamic()
      const rows = await (limit === undefined ? query : query.limit(limit))
      const loaded = await serialize(db, deps, viewer, rows)
      return loaded.map((item, index) => ({ item, position: rows[index]!.position }))
    },
    count: async () => {
      const [counted] = await db.select({ total: count() }).from(documents).where(condition)
      return counted?.total ?? 0
    },
  }
}

/**
 * Documents whose file name or author's first name holds `text`. The company's matching authors are
 * looked up first, so the file-name half stays on its trigram index.
 */
export async function documentSearch(db: Db, companyId: string, text: string): Promise<SQL> {
  const pattern = containsPattern(text)
  const authors = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), ilike(users.firstName, pattern)))
  return or(
    ilike(documents.fileName, pattern),
    authors.length > 0
      ? inArray(
          documents.authorId,
          authors.map((author) => author.id),
        )
      : undefined,
  )!
}

type DocumentRow = { document: typeof documents.$inferSelect; author: { id: string; firstName: string; lastName: string } | null }

async function serialize(db: Db, deps: Pick<AppDeps, 'fileUrls' | 'now'>, viewer: Viewer, rows: readonly DocumentRow[]): Promise<LoadedDocument[]> {
  if (rows.length === 0) return []

  const unitRows = await db
    .select({ documentId: documentUnits.documentId, id: units.id, vin: units.vin })
    .from(documentUnits)
    .innerJoin(units, eq(units.id, documentUnits.unitId))
    .where(
      and(
        inArray(
          documentUnits.documentId,
          rows.map((row) => row.document.id),
        ),
        viewer.role === 'driver' ? eq(units.driverId, viewer.userId) : undefined,
      ),
    )
    .orderBy(asc(units.vin))
  const unitsByDocument = new Map<string, CompanyDocument['unitIds']>()
  for (const row of unitRows) {
    const list = unitsByDocument.get(row.documentId) ?? []
    list.push({ _id: row.id, vin: row.vin })
    unitsByDocument.set(row.documentId, list)
  }

  const now = deps.now?.()
  return rows.map(({ document, author }) => {
    const extension = extensionOf(document.contentType)
    // The name rides along unsigned; the files route only ever uses it sanitised.
    const name = `&name=${encodeURIComponent(downloadName(document.fileName, extension))}`
    const downloadUrl = deps.fileUrls.url(document.fileKey, { download: true, now }) + name
    return {
      document: {
        _id: document.id,
        fileName: document.fileName,
        authorId: author ? { _id: author.id, firstName: author.firstName, lastName: author.lastName } : null,
        cloudflareKey: `${document.fileKey}.${extension}`,
        // An SVG can carry script: it is only ever handed out as a download.
        url: document.contentType === 'image/svg+xml' ? downloadUrl : deps.fileUrls.url(document.fileKey, { now }) + name,
        downloadUrl,
        allUnits: document.allUnits,
        unitIds: unitsByDocument.get(document.id) ?? [],
        showForDrivers: document.showForDrivers,
        expiresOn: document.expiresOn,
        createdAt: document.createdAt.toISOString(),
      },
      contentType: document.contentType,
      size: document.size,
    }
  })
}
