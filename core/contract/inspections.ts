// Requests and responses of spec §7 "Inspections" and "Pre-inspections" (/work/briefs/inspections-api.md).
// Three kinds of draft share these shapes: 'inspection' (owner assigns a unit to a driver), 'reserve'
// (owner assigns a unit to rent, same /inspection endpoints) and 'pre-inspection' (driver's pre-trip).
import * as v from 'valibot'
import { CaptureStampFields } from './capture-stamp.ts'
import { Id } from './common.ts'
import { ChecklistItemName, MAX_CHECKLIST_ITEMS, SignedAt, type DvirParts } from './dvir.ts'
import { Odometer } from './reminder-fields.ts'

export const DRAFT_KINDS = ['inspection', 'reserve', 'pre-inspection'] as const
export type DraftKind = (typeof DRAFT_KINDS)[number]
/** The kinds served by /inspection (owner); /pre-inspection serves only 'pre-inspection' (driver). */
export const OWNER_DRAFT_KINDS = ['inspection', 'reserve'] as const

/** A PUT with this currentStep finishes the draft and applies its effect (spec §9 "finish sets step 5"). */
export const FINISHED_STEP = 5

const Step = v.pipe(
  v.number('Invalid step.'),
  v.integer('Invalid step.'),
  v.minValue(0, 'Invalid step.'),
  v.maxValue(FINISHED_STEP, 'Invalid step.'),
)
const Description = v.pipe(v.string('The description must be text.'), v.maxLength(5000, 'The description is too long (at most 5000 characters).'))

/** POST /inspection */
export const CreateInspectionBody = v.object({
  type: v.picklist(OWNER_DRAFT_KINDS, 'Invalid inspection type.'),
  company_id: Id,
  user_id: Id,
  unit_id: Id,
})
export type CreateInspectionBody = v.InferInput<typeof CreateInspectionBody>

/** POST /pre-inspection */
export const CreatePreInspectionBody = v.object({
  type: v.literal('pre-inspection', 'Invalid inspection type.'),
  company_id: Id,
  user_id: Id,
  unit_id: Id,
})
export type CreatePreInspectionBody = v.InferInput<typeof CreatePreInspectionBody>

/**
 * PUT /inspection/{id}. `id`, when sent, must equal the path id. `signature` is a data URL
 * 'data:image/png;base64,…' (PNG only, at most MAX_SIGNATURE_BYTES decoded) or null to clear it.
 * currentStep FINISHED_STEP finishes: 'inspection' needs a driver (to_user_id, here or saved before).
 */
export const UpdateInspectionBody = v.object({
  id: v.optional(Id),
  signature: v.optional(v.nullable(v.string('Invalid signature.'))),
  description: v.optional(Description),
  to_user_id: v.optional(v.nullable(Id)),
  currentStep: v.optional(Step),
})
export type UpdateInspectionBody = v.InferInput<typeof UpdateInspectionBody>

/**
 * PUT /pre-inspection/{id}. `odometer` (optional) feeds the oil-change reminders by distance (issue 15).
 * The DVIR (issue 14): `signature` is the driver's PNG data URL (required by the finish, here or saved
 * before), `signed_at` when they signed, `checklist` the item names — on the finish, items with no
 * result are recorded OK.
 */
export const UpdatePreInspectionBody = v.object({
  id: v.optional(Id),
  description: v.optional(Description),
  currentStep: v.optional(Step),
  odometer: v.optional(Odometer),
  signature: v.optional(v.nullable(v.string('Invalid signature.'))),
  signed_at: v.optional(SignedAt),
  checklist: v.optional(
    v.pipe(
      v.array(ChecklistItemName, 'checklist must be a list of item names.'),
      v.maxLength(MAX_CHECKLIST_ITEMS, 'The checklist has too many items.'),
    ),
  ),
})
export type UpdatePreInspectionBody = v.InferInput<typeof UpdatePreInspectionBody>

/**
 * POST /inspection/delete and /pre-inspection/delete. Deleting a draft that is already gone answers 200,
 * so a retried cancel is harmless; a finished one answers 409.
 */
export const DeleteDraftBody = v.object({
  type: v.picklist(DRAFT_KINDS, 'Invalid inspection type.'),
  currentStep: v.optional(v.nullable(v.number('Invalid step.'))),
  company_id: Id,
  user_id: Id,
  unit_id: Id,
  inspectionId: Id,
})
export type DeleteDraftBody = v.InferInput<typeof DeleteDraftBody>

// Optional with an empty default so a missing item gets the same readable message as an empty one.
const ItemName = v.optional(
  v.pipe(
    v.string('Choose the checklist item.'),
    v.trim(),
    v.nonEmpty('Choose the checklist item.'),
    v.maxLength(100, 'The checklist item name is too long (at most 100 characters).'),
  ),
  '',
)

/**
 * Text fields of the multipart uploads (the files go under `files`, or `files[]`, one or more).
 * `type`, when sent, names the draft's kind and must match it.
 */
export const UploadInspectionFields = v.object({
  type: v.optional(v.picklist(DRAFT_KINDS, 'Invalid inspection type.')),
  company_id: Id,
  inspection_id: Id,
  ...CaptureStampFields,
})
export const UploadPreInspectionFields = v.object({
  type: v.optional(v.picklist(DRAFT_KINDS, 'Invalid inspection type.')),
  company_id: Id,
  inspection_id: Id,
  item: ItemName,
  ...CaptureStampFields,
})

/** A video's poster frame as the attach sends it: a small JPEG as a data URL. */
const PosterDataUrl = v.pipe(
  v.string('Invalid poster image.'),
  v.regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/, 'Invalid poster image.'),
  v.maxLength(700_000, 'The poster image is too large.'),
)

/**
 * The JSON form of the upload routes: attaches a finished resumable upload (`/api/uploads`, tus 1.0)
 * to the draft as one capture. `upload_id` is the last segment of the upload's URL. Sent under an
 * Idempotency-Key like every outbox request; an upload attached once is never attached twice.
 */
export const AttachUploadBody = v.object({
  upload_id: Id,
  type: v.optional(v.picklist(DRAFT_KINDS, 'Invalid inspection type.')),
  company_id: Id,
  inspection_id: Id,
  item: v.optional(ItemName),
  file_name: v.optional(v.pipe(v.string('Invalid file name.'), v.maxLength(500, 'The file name is too long.'))),
  poster: v.optional(PosterDataUrl),
  ...CaptureStampFields,
})
export type AttachUploadBody = v.InferInput<typeof AttachUploadBody>

/**
 * POST /pre-inspection/preInspectionItems (multipart). Stores the files given (zero or more, `files[]`
 * or `files`, each must be of kind `type`) on the caller's draft `inspection_id` under checklist item
 * `item`, then answers `{count}`: how many captures of that kind the server holds for that item of that
 * draft. With no files it only counts — the client uses it to mark what has reached the server.
 */
export const PreInspectionItemsFields = v.object({
  type: v.picklist(['photo', 'video'], 'Invalid media type.'),
  inspection_id: Id,
  item: ItemName,
  company_id: v.optional(Id),
})
export interface PreInspectionItemsResponse {
  count: number
}

export interface MediaIds {
  picture_ids: string[]
  video_ids: string[]
}

/** A draft as the create, resume and step-save answers carry it. */
export interface Draft extends MediaIds {
  _id: string
  type: DraftKind
  company_id: string
  unit_id: string
  /** The author. */
  user_id: string
  /** The driver the unit is assigned to ('inspection'); null until chosen. */
  to_user_id: string | null
  description: string
  currentStep: number
  /** Per checklist item captures; pre-inspections only. */
  items?: Record<string, MediaIds>
  /** Results, review, signing time; pre-inspections only (docs/decisions/011-dvir.md). */
  dvir?: DvirParts
  createdAt: string
  updatedAt: string
}

/** POST create: 201 'success' for a new draft, 200 'fail' with the saved draft to resume. */
export interface CreateDraftResponse {
  status: 'success' | 'fail'
  body: Draft
}
export interface UpdateDraftResponse {
  status: 'success'
  body: Draft
}

export interface DriverContact {
  _id: string
  firstName: string
  lastName: string
  email: string
  phone: string
}
export interface Author {
  _id: string
  firstName: string
  lastName: string
}

/** A finished draft as the lists show it. */
export interface Inspection extends Draft {
  signature: { contentType: string; data: string } | null
  to_user: DriverContact | null
  finishedAt: string
}
export interface InspectionListItem {
  inspection_id: Inspection
  user_id: Author
}
/** Finished drafts of the unit, newest first. */
export interface InspectionListResponse {
  items: InspectionListItem[]
}

export interface UploadResult {
  _id: string
  fileName: string
  type: 'image' | 'video'
}
export interface UploadResponse {
  uploadResults: UploadResult[]
}

/** GET /inspection/{mediaId}/pictureDetails and /videoDetails. */
export interface MediaDetails {
  signedUrl: string
  fileName: string
  type: 'image' | 'video'
  /** A video's poster frame (taken on the device at capture), when it has one. */
  posterUrl?: string | null
  /** When the device took it (ISO), when the device said. */
  capturedAt?: string | null
  /** Where, when the person allowed the device to tell. */
  location?: { latitude: number; longitude: number; accuracy: number | null } | null
}
