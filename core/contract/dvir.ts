// The DVIR (docs/decisions/011-dvir.md): per-item results of a pre-trip, the driver's and the next
// driver's signatures, the owner's defects list and certifications. Both sides validate with these
// schemas, so the app refuses what the server would, before anything is queued.
//
//   PUT  /pre-inspection/{id}/result      ItemResultBody   → { status: 'success', body: Draft }
//   POST /pre-inspection/{id}/review      ReviewBody       → { status: 'success', body: Draft }
//   GET  /pre-inspection/{unitId}/last-report              → LastReportResponse
//   GET  /pre-inspection/{id}/report.pdf                   → application/pdf
//   GET  /defects?status=&unitId=                          → DefectListResponse   (owner)
//   POST /defects/{id}/certify            CertifyBody      → CertifyResponse      (owner)
//   GET  /units/{id}/reports.pdf?from=&to=                 → application/pdf      (owner)
//   POST /inspection-types/fmcsa-396-11                    → Fmcsa39611Response   (owner)
import * as v from 'valibot'
import { Id } from './common.ts'
import { CalendarDate } from './dates.ts'
import { DEFECT_STATUSES, type DefectStatusFilter } from './defect-status.ts'

export const ITEM_RESULTS = ['ok', 'defect'] as const
export type ItemResultValue = (typeof ITEM_RESULTS)[number]
export const DEFECT_SEVERITIES = ['minor', 'out-of-service'] as const
export type DefectSeverity = (typeof DEFECT_SEVERITIES)[number]
export const CERTIFICATION_ACTIONS = ['repaired', 'no-repair-needed'] as const
export type CertificationAction = (typeof CERTIFICATION_ACTIONS)[number]

/** What people read for each value. */
export const RESULT_LABELS: Record<ItemResultValue, string> = { ok: 'OK', defect: 'Defect' }
export const SEVERITY_LABELS: Record<DefectSeverity, string> = { minor: 'Minor', 'out-of-service': 'Out of service' }
export const CERTIFICATION_LABELS: Record<CertificationAction, string> = { repaired: 'Repaired', 'no-repair-needed': 'No repair needed' }

export const DEFECT_NOTE_MESSAGE = 'Describe the defect in a short note.'
export const DEFECT_SEVERITY_MESSAGE = "Choose the defect's severity: Minor or Out of service."
export const SIGNATURE_REQUIRED_MESSAGE = 'Sign the report to finish it.'
export const SIGNATURE_EMPTY_MESSAGE = 'The signature is empty. Please sign.'
export const ALREADY_CERTIFIED_MESSAGE = 'This defect is already certified.'
export const OPEN_OUT_OF_SERVICE_MESSAGE = 'Certify every out-of-service defect before completing maintenance.'
export const CERTIFIED_BEFORE_REPORT_MESSAGE = 'A certification cannot be dated before the defect was reported. Check the date and time of this device, then sign again.'
export const REVIEWED_BEFORE_REPORT_MESSAGE = 'A review cannot be dated before the report it reviews was signed. Check the date and time of this device, then sign again.'
/**
 * How far two clocks (the device's and the server's, or two devices') may disagree: a signing time at
 * most this much before the record it follows is taken as that record's time; further is refused.
 */
export const SIGNING_CLOCK_SKEW_MS = 5 * 60_000
export const NOTE_MAX_LENGTH = 1000
/** Most checklist items a report names (a sub type has at most a few dozen). */
export const MAX_CHECKLIST_ITEMS = 200

export const ChecklistItemName = v.pipe(
  v.string('Choose the checklist item.'),
  v.trim(),
  v.nonEmpty('Choose the checklist item.'),
  v.maxLength(100, 'The checklist item name is too long.'),
)

const Note = v.pipe(v.string('The note must be text.'), v.trim(), v.maxLength(NOTE_MAX_LENGTH, `The note can be at most ${NOTE_MAX_LENGTH} characters.`))

/** A PNG data URL from the signature pad; its bytes are checked by the server (server/inspections/signature.ts). */
export const SignatureDataUrl = v.pipe(v.string(SIGNATURE_EMPTY_MESSAGE), v.nonEmpty(SIGNATURE_EMPTY_MESSAGE))

/** When the device says something was signed: an ISO 8601 date-time (the server never takes a future one). */
export const SignedAt = v.pipe(
  v.string('Invalid signing time.'),
  v.isoTimestamp('Invalid signing time.'),
)

/**
 * One item's result. A defect needs a note and a severity; an OK carries neither (a stale note or
 * severity of an item switched back to OK is dropped, not refused).
 */
export const ItemResultBody = v.pipe(
  v.object({
    item: ChecklistItemName,
    result: v.picklist(ITEM_RESULTS, "The result must be 'ok' or 'defect'."),
    severity: v.optional(v.nullable(v.picklist(DEFECT_SEVERITIES, DEFECT_SEVERITY_MESSAGE))),
    note: v.optional(v.nullable(Note)),
  }),
  v.check((body) => body.result !== 'defect' || !!body.severity, DEFECT_SEVERITY_MESSAGE),
  v.check((body) => body.result !== 'defect' || !!body.note, DEFECT_NOTE_MESSAGE),
  v.transform((body) =>
    body.result === 'defect'
      ? { item: body.item, result: body.result, severity: body.severity!, note: body.note! }
      : { item: body.item, result: body.result, severity: null, note: '' },
  ),
)
export type ItemResultBody = v.InferInput<typeof ItemResultBody>

/** §396.13: the report the next driver reviewed, and their signature. */
export const ReviewBody = v.object({
  inspection_id: Id,
  signature: SignatureDataUrl,
  signed_at: v.optional(SignedAt),
})
export type ReviewBody = v.InferInput<typeof ReviewBody>

export const CertifyBody = v.object({
  action: v.picklist(CERTIFICATION_ACTIONS, "Choose 'Repaired' or 'No repair needed'."),
  note: v.pipe(Note, v.nonEmpty('Add a note about the repair.')),
  signature: SignatureDataUrl,
  /** When the owner signed, by the device's clock: a certification made offline arrives later. */
  certified_at: v.optional(SignedAt),
})
export type CertifyBody = v.InferInput<typeof CertifyBody>

export const DEFECT_STATUS_LABELS: Record<DefectStatusFilter, string> = {
  open: 'Open',
  repaired: 'Repaired',
  'no-repair-needed': 'No repair needed',
  all: 'All',
}

export const DefectListQuery = v.object({
  status: v.optional(v.picklist(DEFECT_STATUSES, 'Unknown defect status.'), 'open'),
  unitId: v.optional(Id),
})

export const ReportsPdfQuery = v.pipe(
  v.object({ from: CalendarDate('From'), to: CalendarDate('To') }),
  v.check((range) => range.from <= range.to, 'The start date must not be after the end date.'),
)

export const MIN_RETENTION_MONTHS = 3
export const MAX_RETENTION_MONTHS = 120
export const DEFAULT_RETENTION_MONTHS = 12
export const RetentionMonths = v.pipe(
  v.number('Keep reports for a number of months.'),
  v.integer('Keep reports for a whole number of months.'),
  v.minValue(MIN_RETENTION_MONTHS, `Reports must be kept at least ${MIN_RETENTION_MONTHS} months (49 CFR §396.11).`),
  v.maxValue(MAX_RETENTION_MONTHS, `Reports can be kept at most ${MAX_RETENTION_MONTHS} months.`),
)

/** A signature as the API hands it back: a PNG data URL. */
export type SignatureImage = string

export interface Certification {
  _id: string
  action: CertificationAction
  note: string
  signature: SignatureImage
  certifiedBy: string
  certifiedAt: string
}

export interface ItemResult {
  /** The defect id when the result is a defect. */
  _id: string
  item: string
  result: ItemResultValue
  severity: DefectSeverity | null
  note: string
  certification: Certification | null
}

export interface Review {
  /** The report reviewed; null once it has expired. */
  reviewed_id: string | null
  reviewer: string
  signature: SignatureImage
  signedAt: string
}

/** The DVIR parts of a pre-trip, on drafts and finished reports alike. */
export interface DvirParts {
  results: ItemResult[]
  review: Review | null
  /** When the driver signed; null until finished. */
  signedAt: string | null
  /** The driver's name as it was when they finished. */
  authorName: string
}

/** The unit's last finished report, as the next driver reviews it. */
export interface LastReport extends DvirParts {
  _id: string
  number: string
  unit_id: string
  finishedAt: string
  description: string
  signature: SignatureImage | null
  items: Record<string, { picture_ids: string[]; video_ids: string[] }>
}
export interface LastReportResponse {
  report: LastReport | null
}

export interface DefectListItem {
  _id: string
  unit: { _id: string; unitNumber: string; make: string; model: string }
  report_id: string
  reportNumber: string
  item: string
  severity: DefectSeverity
  note: string
  picture_ids: string[]
  video_ids: string[]
  reporter: string
  reportedAt: string
  certification: Certification | null
}
export interface DefectListResponse {
  items: DefectListItem[]
}
export interface CertifyResponse {
  message: string
  defect: DefectListItem
}
export interface Fmcsa39611Response {
  message: string
  added: number
}

/** A report's short number, as timelines and PDFs name it: 'DVIR-' and the first 8 hex digits of its id. */
export function reportNumber(id: string): string {
  return `DVIR-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`
}

/** §396.11(a)(1): the parts and accessories a driver's report covers, with icons from the catalogue. */
export const FMCSA_396_11_ITEMS: readonly { name: string; icon: string }[] = [
  { name: 'Service brakes incl. trailer brake connections', icon: 'brake' },
  { name: 'Parking brake', icon: 'brake' },
  { name: 'Steering mechanism', icon: 'steering-wheel' },
  { name: 'Lighting devices and reflectors', icon: 'reflector' },
  { name: 'Tires', icon: 'tire' },
  { name: 'Horn', icon: 'horn' },
  { name: 'Windshield wipers', icon: 'wiper' },
  { name: 'Rear vision mirrors', icon: 'mirror' },
  { name: 'Coupling devices', icon: 'hitch' },
  { name: 'Wheels and rims', icon: 'wheel' },
  { name: 'Emergency equipment', icon: 'fire-extinguisher' },
]
