// Requests and responses of spec §7 "Documents": a unit's documents, the app-level list, one document,
// adding one (multipart) and deleting one. The server decides which documents a driver sees.
//
//   GET    /documents/{companyId}/unit/{unitId}  → CompanyDocument[]  (for all units + attached to the unit)
//   GET    /documents/{companyId}/all            → CompanyDocument[]  (the app-level list, /app-documents)
//   GET    /documents/{id}                       → CompanyDocument
//   GET    /documents/{id}/details               → DocumentDetails
//   POST   /documents  multipart: files (one file) + CreateDocumentFields → 201 CreateDocumentResponse
//   DELETE /documents/{id}  (owner only)         → { message }
//
// Lists are newest first. A driver sees a document only when it is visible to drivers and is for all
// units or attached to a unit assigned to them; its `unitIds` then name only that driver's units.
import * as v from 'valibot'
import { ExpiryDate } from './reminder-fields.ts'

/** Largest document the server stores; bigger answers 413 'The file is too large.'. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024
export const DOCUMENT_FILE_NAME_MAX_LENGTH = 200
/** Most units one document may be attached to by name (past that, 'All units' is the choice). */
export const MAX_DOCUMENT_UNITS = 1000

/** For the file picker: what the server accepts (it decides by the file's bytes, not by this). */
export const DOCUMENT_FILE_ACCEPT = 'image/*,application/pdf'

const Flag = (label: string) => v.picklist(['0', '1'], `${label} must be 0 or 1.`)

const UnitIdList = v.pipe(
  v.string('Units must be a comma-separated list of unit ids.'),
  v.transform((list) => [...new Set(list.split(',').map((id) => id.trim()).filter((id) => id !== ''))]),
  v.array(v.pipe(v.string(), v.uuid('One of the chosen units is not valid.'))),
  v.maxLength(MAX_DOCUMENT_UNITS, `Choose at most ${MAX_DOCUMENT_UNITS} units, or All units.`),
)

const FileName = v.pipe(
  v.string('File Name is required.'),
  // Control characters would only garble the list and the download name.
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  v.transform((name) => name.replace(/[\u0000-\u001f\u007f]/g, '').trim()),
  v.nonEmpty('File Name is required.'),
  v.maxLength(DOCUMENT_FILE_NAME_MAX_LENGTH, `File Name must have at most ${DOCUMENT_FILE_NAME_MAX_LENGTH} characters.`),
)

/**
 * The text fields of POST /documents (spec §3 "Create fields"); the file itself goes under `files`.
 * For a driver the server forces allUnits 0 and showForDrivers 1, and needs at least one of their units.
 */
export const CreateDocumentFields = v.pipe(
  v.object({
    // Optional with an empty default so a missing name gets the same message as a blank one.
    fileName: v.optional(FileName, ''),
    allUnits: v.optional(Flag('All units'), '0'),
    showForDrivers: v.optional(Flag('Visible to driver'), '1'),
    units: v.optional(UnitIdList, ''),
    /** `YYYY-MM-DD` or blank: reminders go out 30, 7 and 0 days before (issue 15). */
    expiresOn: v.optional(ExpiryDate, ''),
  }),
  v.check((fields) => !(fields.allUnits === '1' && fields.units.length > 0), 'Choose All units or specific units, not both.'),
)
export type CreateDocumentFields = v.InferInput<typeof CreateDocumentFields>

export interface DocumentAuthor {
  _id: string
  firstName: string
  lastName: string
}

export interface DocumentUnitRef {
  _id: string
  vin: string
}

/** Spec §3 Document. Named so it never shadows the DOM's `Document` in client code. */
export interface CompanyDocument {
  _id: string
  fileName: string
  /** Null once the author's account is gone. */
  authorId: DocumentAuthor | null
  /**
   * The storage key plus the extension of the file's real type (sniffed from its bytes), e.g.
   * 'documents/2f1c….pdf' — the client derives the file type from it (documentFileKind).
   */
  cloudflareKey: string
  /** Signed, expiring URL; shown inline for images and PDF (SVG is only ever a download). */
  url: string
  /** Signed, expiring URL that always downloads, under the document's name. */
  downloadUrl: string
  allUnits: boolean
  unitIds: DocumentUnitRef[]
  showForDrivers: boolean
  /** `YYYY-MM-DD`, or null when it does not expire (the server always sends it). */
  expiresOn?: string | null
  createdAt: string
}

export type DocumentFileKind = 'image' | 'pdf' | 'other'

/** GET /documents/{id}/details: the document plus what the preview needs to know about its file. */
export interface DocumentDetails extends CompanyDocument {
  contentType: string
  size: number
  kind: DocumentFileKind
}

export interface CreateDocumentResponse {
  message: string
  document: CompanyDocument
}

/** Spec §5: the extensions shown as images; anything else is another type, and pdf is printable. */
export const DOCUMENT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'tiff', 'ico', 'webp'] as const

/** What a document's file is, from its cloudflareKey's extension. */
export function documentFileKind(cloudflareKey: string): DocumentFileKind {
  const extension = /\.([a-z0-9]+)$/i.exec(cloudflareKey)?.[1]?.toLowerCase() ?? ''
  if ((DOCUMENT_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image'
  return extension === 'pdf' ? 'pdf' : 'other'
}
