// Turns a queued op into the HTTP request of the inspections API (/work/briefs/inspections-api.md).
// A retry must send the very same bytes — the server hashes the body under the idempotency key — so
// bodies are built only from stored values, and multipart boundaries come from the op's id.
import { readMedia } from './media-store.ts'
import { captureRemovals } from './ops.ts'
import type { DraftRecord, MediaRef, OpRecord, OutboxDb } from './outbox-db.ts'
import { m } from '../i18n/translate.ts'

/** Larger photos than this go resumable too; videos always do (docs/decisions/015-resumable-media.md). */
export const RESUMABLE_FROM_BYTES = 8 * 1024 * 1024

/** Whether a capture is sent with tus (resumable) rather than in one multipart request. */
export function isResumableUpload(kind: 'photo' | 'video', size: number): boolean {
  return kind === 'video' || size > RESUMABLE_FROM_BYTES
}

/** The capture's stamp as upload fields: when (device clock) and, if allowed, where. */
function stampFields(ref: MediaRef | undefined): [string, string][] {
  if (!ref) return []
  const fields: [string, string][] = []
  if (typeof ref.capturedAt === 'number') fields.push(['captured_at', String(ref.capturedAt)])
  if (ref.location) {
    fields.push(['latitude', String(ref.location.latitude)], ['longitude', String(ref.location.longitude)])
    if (ref.location.accuracy !== null) fields.push(['accuracy', String(ref.location.accuracy)])
  }
  return fields
}

/**
 * The capture as it was kept: on its draft, or — removed while its upload may have reached the server —
 * on its removal, so the upload's retry is still the same request (else 422, and the capture it made
 * would stay on the server though the user removed it).
 */
async function refOf(db: OutboxDb, draft: DraftRecord, mediaId: string): Promise<MediaRef | undefined> {
  const kept = draft.media.find((ref) => ref.mediaId === mediaId)
  if (kept) return kept
  const removal = await captureRemovals(db, draft.id, mediaId).first()
  return removal?.kind === 'remove' ? (removal.payload.ref ?? undefined) : undefined
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * The JSON request that makes a finished resumable upload (its URL) one capture of the draft; sent
 * under the op's key, so the server answers a repeat with the same capture.
 */
export async function buildAttachRequest(db: OutboxDb, op: OpRecord & { kind: 'upload' }, draft: DraftRecord, uploadUrl: string): Promise<OutboxRequest | Unsendable> {
  if (!draft.serverId) return { unsendable: NEVER_CREATED_MESSAGE }
  const ref = await refOf(db, draft, op.payload.mediaId)
  const record = await db.media.get(op.payload.mediaId)
  const body: Record<string, unknown> = {
    upload_id: uploadUrl.replace(/\/+$/, '').split('/').pop(),
    type: draft.kind,
    company_id: draft.companyId,
    inspection_id: draft.serverId,
    file_name: record?.name ?? ref?.name ?? '',
  }
  if (draft.kind === 'pre-inspection' && op.payload.item !== null) body.item = op.payload.item
  for (const [name, value] of stampFields(ref)) body[name] = Number(value)
  const poster = ref?.posterMediaId ? await readMedia(db, ref.posterMediaId) : null
  if (poster) body.poster = `data:image/jpeg;base64,${bytesToBase64(new Uint8Array(await new Blob(poster.parts).arrayBuffer()))}`
  return json('POST', uploadPath(draft, op.payload.kind), body)
}

/** A review of a pre-trip finished on this device that never reached the server. */
export const REVIEWED_NEVER_SENT_MESSAGE = m('The report you reviewed never reached the server. Review the last report again.')

/** A draft's change whose draft the server never made (its create was refused or discarded). */
export const NEVER_CREATED_MESSAGE = m('This draft was never created on the server.')

/** tus's uploads under the API prefix (server/routes/uploads.ts). */
export const TUS_UPLOADS_PATH = '/uploads'

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'DELETE'
  /** Under the API prefix, e.g. '/inspection/…'. */
  path: string
  contentType: string
  body: string | Blob
  size: number
}

/** The op cannot be sent as it stands; `message` is shown to the user. */
export interface Unsendable {
  unsendable: string
}

function resourceOf(draft: DraftRecord): '/inspection' | '/pre-inspection' {
  return draft.kind === 'pre-inspection' ? '/pre-inspection' : '/inspection'
}

function json(method: OutboxRequest['method'], path: string, value: unknown): OutboxRequest {
  const body = JSON.stringify(value)
  return { method, path, contentType: 'application/json', body, size: body.length }
}

function uploadPath(draft: DraftRecord, kind: 'photo' | 'video'): string {
  const unit = encodeURIComponent(draft.unitId)
  return draft.kind === 'pre-inspection' ? `/pre-inspection/${kind}-preInspection/${unit}` : `/inspection/${kind}-inspection/${unit}`
}

/** A quoted multipart parameter; quotes and line breaks would end the header early. */
function quoted(value: string): string {
  return `"${value.replace(/["\r\n\\]/g, (character) => encodeURIComponent(character))}"`
}

/** A multipart/form-data body with a fixed boundary, so every retry is byte-for-byte the same. */
export function multipartBody(
  boundary: string,
  fields: [string, string][],
  file: { field: string; name: string; type: string; parts: ArrayBuffer[] },
): { body: Blob; contentType: string } {
  const head = fields
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`)
    .join('')
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.name)}\r\nContent-Type: ${file.type}\r\n\r\n`
  const body = new Blob([head, fileHead, ...file.parts, `\r\n--${boundary}--\r\n`])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The request for `op`, or why it cannot be sent; `draft` is the one it carries (none for a certification). */
export async function buildRequest(db: OutboxDb, op: OpRecord, draft: DraftRecord | undefined): Promise<OutboxRequest | Unsendable> {
  if (op.kind === 'certify') {
    const { defectId, action, note, signature, certified_at } = op.payload
    return json('POST', `/defects/${encodeURIComponent(defectId)}/certify`, { action, note, signature, certified_at })
  }
  if (op.kind === 'language') return json('PUT', `/user/language/${encodeURIComponent(op.ownerUserId)}`, { language: op.payload.language })
  if (!draft) return { unsendable: m('This draft is no longer on this device.') }
  const resource = resourceOf(draft)
  if (op.kind === 'create') {
    return json('POST', resource, { type: draft.kind, company_id: draft.companyId, user_id: draft.ownerUserId, unit_id: draft.unitId })
  }
  // Lane order puts the create first; a missing id means the create never produced one.
  if (!draft.serverId) return { unsendable: NEVER_CREATED_MESSAGE }
  const serverId = draft.serverId

  switch (op.kind) {
    case 'update': {
      const { description, currentStep, signature, to_user_id, odometer, signed_at, checklist } = op.payload
      if (draft.kind === 'pre-inspection') {
        return json('PUT', `${resource}/${encodeURIComponent(serverId)}`, { description, currentStep, odometer, signature, signed_at, checklist })
      }
      return json('PUT', `${resource}/${encodeURIComponent(serverId)}`, { id: serverId, signature, description, to_user_id, currentStep })
    }
    case 'remove':
      if (!op.payload.serverId) return { unsendable: m('This capture never reached the server.') }
      return { method: 'DELETE', path: `${resource}/media/${encodeURIComponent(op.payload.serverId)}`, contentType: 'application/json', body: '', size: 0 }
    case 'delete':
      return json('POST', `${resource}/delete`, {
        type: draft.kind,
        currentStep: op.payload.currentStep,
        company_id: draft.companyId,
        user_id: draft.ownerUserId,
        unit_id: draft.unitId,
        inspectionId: serverId,
      })
    case 'result':
      return json('PUT', `${resource}/${encodeURIComponent(serverId)}/result`, op.payload)
    case 'review': {
      const { reviewed_draft_id: reviewedDraftId, ...review } = op.payload
      if (reviewedDraftId) {
        // Sent after the reviewed pre-trip's own changes (one lane per unit), so it has its server id by now.
        const reviewedId = (await db.drafts.get(reviewedDraftId))?.serverId
        if (!reviewedId) return { unsendable: REVIEWED_NEVER_SENT_MESSAGE }
        review.inspection_id = reviewedId
      }
      return json('POST', `${resource}/${encodeURIComponent(serverId)}/review`, review)
    }
    case 'upload': {
      const stored = await readMedia(db, op.payload.mediaId)
      if (!stored) return { unsendable: m('The captured file is no longer on this device.') }
      const fields: [string, string][] = [
        ['type', draft.kind],
        ['company_id', draft.companyId],
        ['inspection_id', serverId],
      ]
      if (draft.kind === 'pre-inspection' && op.payload.item !== null) fields.push(['item', op.payload.item])
      fields.push(...stampFields(await refOf(db, draft, op.payload.mediaId)))
      const { body, contentType } = multipartBody(`----FleetyardOutbox${op.opId.replace(/-/g, '')}`, fields, {
        field: 'files',
        name: stored.record.name,
        type: stored.record.type,
        parts: stored.parts,
      })
      return { method: 'POST', path: uploadPath(draft, op.payload.kind), contentType, body, size: body.size }
    }
  }
}
