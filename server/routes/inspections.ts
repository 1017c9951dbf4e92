// /inspection — the owner's assign-to-driver ('inspection') and reserve ('reserve') drafts (spec §7
// "Inspections"), plus media details, which drivers may read for their own units' media too.
import { Hono, type Context } from 'hono'
import {
  CreateInspectionBody,
  DeleteDraftBody,
  OWNER_DRAFT_KINDS,
  UpdateInspectionBody,
  UploadInspectionFields,
} from '../../core/contract/inspections.ts'
import { InspectionListQuery } from '../../core/contract/paging.ts'
import { requireUser } from '../auth/session.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody, parseOr400 } from '../http/validate.ts'
import { createOrResumeDraft, deleteDraft, updateDraft } from '../inspections/drafts.ts'
import { finishedInspections, FINISHED_INSPECTIONS, mediaDetails } from '../inspections/lists.ts'
import { listPage, pageRequestOf, wholeList } from '../http/keyset-page.ts'
import { requireRole, unitForCaller } from '../inspections/scope.ts'
import { readUploadForm, uploadToDraft } from '../inspections/uploads.ts'
import type { MediaKind } from '../../core/contract/media-limits.ts'

const nowOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date()

export function inspectionRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.post('/', async (c) => {
    requireRole(c.var.user, ['owner'])
    const body = await jsonBody(c, CreateInspectionBody)
    const { created, response } = await createOrResumeDraft(c.var.deps.db, c.var.user, body, nowOf(c))
    return c.json(response, created ? 201 : 200)
  })

  app.post('/delete', async (c) => {
    requireRole(c.var.user, ['owner'])
    const body = await jsonBody(c, DeleteDraftBody)
    await deleteDraft(c.var.deps.db, c.var.deps.files, c.var.user, body, OWNER_DRAFT_KINDS)
    return c.json({ message: 'The inspection has been deleted.' })
  })

  const upload = (kind: MediaKind) => async (c: Context<AppEnv>) => {
    requireRole(c.var.user, ['owner'])
    const unitId = idParam(c, 'unitId')
    const { fields, files } = await readUploadForm(c, UploadInspectionFields)
    const uploadResults = await uploadToDraft(c.var.deps.db, c.var.deps.files, c.var.user, {
      unitId,
      companyId: fields.company_id,
      draftId: fields.inspection_id,
      type: fields.type,
      item: null,
      kind,
      kinds: OWNER_DRAFT_KINDS,
      files,
      now: nowOf(c),
      fileKey: c.var.fileKey,
    })
    return c.json({ uploadResults }, 201)
  }
  app.post('/photo-inspection/:unitId', upload('photo'))
  app.post('/video-inspection/:unitId', upload('video'))

  app.put('/:id', async (c) => {
    requireRole(c.var.user, ['owner'])
    const id = idParam(c, 'id')
    const body = await jsonBody(c, UpdateInspectionBody)
    const draft = await updateDraft(c.var.deps.db, c.var.user, id, body, OWNER_DRAFT_KINDS, nowOf(c))
    return c.json({ status: 'success' as const, body: draft })
  })

  app.get('/:unitId/all', async (c) => {
    requireRole(c.var.user, ['owner'])
    const unitId = idParam(c, 'unitId')
    const query = parseOr400(InspectionListQuery, c.req.query())
    const unit = await unitForCaller(c.var.deps.db, c.var.user, unitId, query.company_id)
    const page = pageRequestOf(query)
    const list = finishedInspections(c.var.deps.db, { companyId: unit.companyId, unitId: unit.id, kinds: OWNER_DRAFT_KINDS }, FINISHED_INSPECTIONS)
    // Without `limit` the spec's `{ items }`; with it one page (core/contract/paging.ts).
    return c.json(page ? await listPage(list, page) : { items: await wholeList(list) })
  })

  app.get('/:id/pictureDetails', async (c) => {
    const id = idParam(c, 'id')
    return c.json(await mediaDetails(c.var.deps.db, c.var.deps.fileUrls, c.var.user, id, nowOf(c)))
  })

  app.get('/:id/videoDetails', async (c) => {
    const id = idParam(c, 'id')
    return c.json(await mediaDetails(c.var.deps.db, c.var.deps.fileUrls, c.var.user, id, nowOf(c)))
  })

  return app
}
