// The draft resources of spec §7: /inspection — the owner's assign-to-driver ('inspection') and reserve
// ('reserve') drafts — and /pre-inspection — the driver's pre-trips on units assigned to them. Both have
// the same life (create or resume, save a step, upload photos and videos, finish, cancel), the same
// lists of finished ones, and media details drivers may read for their own units' media too; one
// router serves both, told apart by the resource's settings below.
import { Hono, type Context } from 'hono'
import type { GenericSchema } from 'valibot'
import { captureStampOf } from '../../core/contract/capture-stamp.ts'
import {
  AttachUploadBody,
  CreateInspectionBody,
  CreatePreInspectionBody,
  DeleteDraftBody,
  OWNER_DRAFT_KINDS,
  PreInspectionItemsFields,
  UpdateInspectionBody,
  UpdatePreInspectionBody,
  UploadInspectionFields,
  UploadPreInspectionFields,
} from '../../core/contract/inspections.ts'
import type { MediaKind } from '../../core/contract/media-limits.ts'
import { InspectionListQuery } from '../../core/contract/paging.ts'
import { requireUser } from '../auth/session.ts'
import type { InspectionKind, RoleName } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { listPage, pageRequestOf, wholeList, type KeysetOrder } from '../http/keyset-page.ts'
import { idParam, jsonBody, parseOr400 } from '../http/validate.ts'
import { createOrResumeDraft, deleteDraft, updateDraft, type DraftChanges } from '../inspections/drafts.ts'
import { finishedInspections, FINISHED_INSPECTIONS, FINISHED_PRE_INSPECTIONS, mediaDetails } from '../inspections/lists.ts'
import { requireRole, unitForCaller } from '../inspections/scope.ts'
import { Invalid } from '../domain-errors.ts'
import { CAPTURE_REMOVED_MESSAGE, removeCapture } from '../inspections/remove-capture.ts'
import { addItemCaptures, attachUpload, readUploadForm, uploadToDraft } from '../inspections/uploads.ts'
import { ItemResultBody, reportNumber, ReviewBody } from '../../core/contract/dvir.ts'
import { recordReview, saveItemResult } from '../inspections/dvir.ts'
import { loadDraft } from '../inspections/serialize.ts'
import { lastReport, readableReport } from '../reports/report-access.ts'
import { findVisibleUnit } from '../units/unit-access.ts'

interface DraftResource {
  /** The one role that writes these drafts. */
  author: RoleName
  kinds: readonly InspectionKind[]
  createBody: GenericSchema<unknown, { type: InspectionKind; company_id: string; user_id: string; unit_id: string }>
  updateBody: GenericSchema<unknown, DraftChanges>
  /** Upload fields; a pre-trip's name the checklist item (`item`) a capture belongs to. */
  uploadFields: GenericSchema<unknown, { type?: InspectionKind | undefined; company_id: string; inspection_id: string; item?: string; captured_at?: number; latitude?: number; longitude?: number; accuracy?: number }>
  /** The upload paths' middle part: /photo-{uploadPath}/{unitId}, /video-{uploadPath}/{unitId}. */
  uploadPath: string
  deletedMessage: string
  /** Who reads the finished list; a driver reads only their own. */
  readers: readonly RoleName[]
  listOrder: KeysetOrder
}

const INSPECTIONS: DraftResource = {
  author: 'owner',
  kinds: OWNER_DRAFT_KINDS,
  createBody: CreateInspectionBody,
  updateBody: UpdateInspectionBody,
  uploadFields: UploadInspectionFields,
  uploadPath: 'inspection',
  deletedMessage: 'The inspection has been deleted.',
  readers: ['owner'],
  listOrder: FINISHED_INSPECTIONS,
}

const PRE_INSPECTIONS: DraftResource = {
  author: 'driver',
  kinds: ['pre-inspection'],
  createBody: CreatePreInspectionBody,
  updateBody: UpdatePreInspectionBody,
  uploadFields: UploadPreInspectionFields,
  uploadPath: 'preInspection',
  deletedMessage: 'The pre-inspection has been deleted.',
  readers: ['owner', 'driver'],
  listOrder: FINISHED_PRE_INSPECTIONS,
}

const nowOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date()

function draftRoutes(resource: DraftResource) {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.post('/', async (c) => {
    requireRole(c.var.user, [resource.author])
    const body = await jsonBody(c, resource.createBody)
    const { created, response } = await createOrResumeDraft(c.var.deps.db, c.var.user, body, nowOf(c))
    return c.json(response, created ? 201 : 200)
  })

  app.post('/delete', async (c) => {
    requireRole(c.var.user, [resource.author])
    const body = await jsonBody(c, DeleteDraftBody)
    await deleteDraft(c.var.deps.db, c.var.deps.files, c.var.user, body, resource.kinds)
    return c.json({ message: resource.deletedMessage })
  })

  const upload = (kind: MediaKind) => async (c: Context<AppEnv>) => {
    requireRole(c.var.user, [resource.author])
    const unitId = idParam(c, 'unitId')
    const deps = c.var.deps
    // JSON: attach a finished resumable upload (/api/uploads); multipart: the files themselves.
    if (/^application\/json/i.test(c.req.header('content-type') ?? '')) {
      const body = await jsonBody(c, AttachUploadBody)
      if (body.item !== undefined && resource.author !== 'driver') throw new Invalid('Only a pre-trip capture has a checklist item.')
      const { result, created } = await attachUpload(
        { db: deps.db, store: deps.files, uploads: deps.files.resumable, jobs: deps.jobs, fileKey: c.var.fileKey },
        c.var.user,
        { unitId, companyId: body.company_id, draftId: body.inspection_id, type: body.type, kinds: resource.kinds, kind, body, now: nowOf(c) },
      )
      return c.json({ uploadResults: [result] }, created ? 201 : 200)
    }
    const { fields, files, poster } = readUploadForm(c, resource.uploadFields)
    const uploadResults = await uploadToDraft(deps.db, deps.files, c.var.user, {
      unitId,
      companyId: fields.company_id,
      draftId: fields.inspection_id,
      type: fields.type,
      item: fields.item ?? null,
      kind,
      kinds: resource.kinds,
      files,
      poster,
      stamp: captureStampOf(fields),
      now: nowOf(c),
    })
    return c.json({ uploadResults }, 201)
  }
  app.post(`/photo-${resource.uploadPath}/:unitId`, upload('photo'))
  app.post(`/video-${resource.uploadPath}/:unitId`, upload('video'))

  // One photo or video off an unfinished draft; its file goes with the job queue.
  app.delete('/media/:id', async (c) => {
    requireRole(c.var.user, [resource.author])
    await removeCapture(c.var.deps.db, c.var.deps.files, c.var.user, idParam(c, 'id'), resource.kinds)
    return c.json({ message: CAPTURE_REMOVED_MESSAGE })
  })

  app.put('/:id', async (c) => {
    requireRole(c.var.user, [resource.author])
    const id = idParam(c, 'id')
    const body = await jsonBody(c, resource.updateBody)
    const draft = await updateDraft(c.var.deps.db, c.var.user, id, body, resource.kinds, nowOf(c))
    return c.json({ status: 'success' as const, body: draft })
  })

  app.get('/:unitId/all', async (c) => {
    const user = c.var.user
    requireRole(user, resource.readers)
    const unitId = idParam(c, 'unitId')
    const query = parseOr400(InspectionListQuery, c.req.query())
    const unit = await unitForCaller(c.var.deps.db, user, unitId, query.company_id)
    const page = pageRequestOf(query)
    const list = finishedInspections(
      c.var.deps.db,
      { companyId: unit.companyId, unitId: unit.id, kinds: resource.kinds, ...(user.role === 'driver' ? { authorId: user.id } : {}) },
      resource.listOrder,
    )
    // Without `limit` the spec's `{ items }`; with it one page (core/contract/paging.ts).
    return c.json(page ? await listPage(list, page) : { items: await wholeList(list) })
  })

  const details = async (c: Context<AppEnv>) =>
    c.json(await mediaDetails(c.var.deps.db, c.var.deps.fileUrls, c.var.user, idParam(c, 'id'), nowOf(c)))
  app.get('/:id/pictureDetails', details)
  app.get('/:id/videoDetails', details)

  return app
}

export function inspectionRoutes() {
  return draftRoutes(INSPECTIONS)
}

export function preInspectionRoutes() {
  const app = draftRoutes(PRE_INSPECTIONS)
  // Captures of one checklist item, with the count the server holds for it.
  app.post('/preInspectionItems', async (c) => {
    requireRole(c.var.user, ['driver'])
    const { fields, files } = readUploadForm(c, PreInspectionItemsFields)
    const { stored, count } = await addItemCaptures(c.var.deps.db, c.var.deps.files, c.var.user, {
      draftId: fields.inspection_id,
      companyId: fields.company_id,
      item: fields.item,
      kind: fields.type,
      files,
      now: nowOf(c),
    })
    return c.json({ count }, stored > 0 ? 201 : 200)
  })

  // The DVIR (docs/decisions/011-dvir.md): one item's result, and the next driver's review.
  app.put('/:id/result', async (c) => {
    requireRole(c.var.user, ['driver'])
    const id = idParam(c, 'id')
    const body = await jsonBody(c, ItemResultBody)
    const draft = await saveItemResult(c.var.deps.db, c.var.user, id, body, nowOf(c))
    return c.json({ status: 'success' as const, body: await loadDraft(c.var.deps.db, draft) })
  })

  app.post('/:id/review', async (c) => {
    requireRole(c.var.user, ['driver'])
    const id = idParam(c, 'id')
    const body = await jsonBody(c, ReviewBody)
    const draft = await recordReview(c.var.deps.db, c.var.user, id, body, nowOf(c))
    return c.json({ status: 'success' as const, body: await loadDraft(c.var.deps.db, draft) })
  })

  app.get('/:unitId/last-report', async (c) => {
    const unit = await findVisibleUnit(c.var.deps.db, c.var.user, idParam(c, 'unitId'))
    return c.json(await lastReport(c.var.deps.db, unit.id))
  })

  app.get('/:id/report.pdf', async (c) => {
    const { db, files } = c.var.deps
    const report = await readableReport(db, c.var.user, idParam(c, 'id'))
    // pdf-lib (about 8 MB of RSS) is loaded with the first PDF, not at start (decision 020).
    const { pdfResponse, reportsPdf } = await import('../reports/report-pdf.ts')
    const pdf = await reportsPdf(db, files, [report])
    return pdfResponse(c, pdf, `${reportNumber(report.id)}.pdf`)
  })
  return app
}
