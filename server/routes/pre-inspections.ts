// /pre-inspection — the driver's pre-trip drafts on units assigned to them (spec §7 "Pre-inspections");
// owners read the finished ones of their company's units.
import { Hono, type Context } from 'hono'
import {
  CreatePreInspectionBody,
  DeleteDraftBody,
  PreInspectionItemsFields,
  UpdatePreInspectionBody,
  UploadPreInspectionFields,
} from '../../core/contract/inspections.ts'
import type { MediaKind } from '../../core/contract/media-limits.ts'
import { InspectionListQuery } from '../../core/contract/paging.ts'
import { requireUser } from '../auth/session.ts'
import type { InspectionKind } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody, parseOr400 } from '../http/validate.ts'
import { createOrResumeDraft, deleteDraft, updateDraft } from '../inspections/drafts.ts'
import { finishedInspections, FINISHED_PRE_INSPECTIONS, mediaDetails } from '../inspections/lists.ts'
import { listPage, pageRequestOf, wholeList } from '../http/keyset-page.ts'
import { requireRole, unitForCaller } from '../inspections/scope.ts'
import { addItemCaptures, readUploadForm, uploadToDraft } from '../inspections/uploads.ts'

const KINDS: readonly InspectionKind[] = ['pre-inspection']
const nowOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date()

export function preInspectionRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.post('/', async (c) => {
    requireRole(c.var.user, ['driver'])
    const body = await jsonBody(c, CreatePreInspectionBody)
    const { created, response } = await createOrResumeDraft(c.var.deps.db, c.var.user, body, nowOf(c))
    return c.json(response, created ? 201 : 200)
  })

  app.post('/delete', async (c) => {
    requireRole(c.var.user, ['driver'])
    const body = await jsonBody(c, DeleteDraftBody)
    await deleteDraft(c.var.deps.db, c.var.deps.files, c.var.user, body, KINDS)
    return c.json({ message: 'The pre-inspection has been deleted.' })
  })

  const upload = (kind: MediaKind) => async (c: Context<AppEnv>) => {
    requireRole(c.var.user, ['driver'])
    const unitId = idParam(c, 'unitId')
    const { fields, files } = await readUploadForm(c, UploadPreInspectionFields)
    const uploadResults = await uploadToDraft(c.var.deps.db, c.var.deps.files, c.var.user, {
      unitId,
      companyId: fields.company_id,
      draftId: fields.inspection_id,
      type: fields.type,
      item: fields.item,
      kind,
      kinds: KINDS,
      files,
      now: nowOf(c),
      fileKey: c.var.fileKey,
    })
    return c.json({ uploadResults }, 201)
  }
  app.post('/photo-preInspection/:unitId', upload('photo'))
  app.post('/video-preInspection/:unitId', upload('video'))

  app.post('/preInspectionItems', async (c) => {
    requireRole(c.var.user, ['driver'])
    const { fields, files } = await readUploadForm(c, PreInspectionItemsFields)
    const { stored, count } = await addItemCaptures(c.var.deps.db, c.var.deps.files, c.var.user, {
      draftId: fields.inspection_id,
      companyId: fields.company_id,
      item: fields.item,
      kind: fields.type,
      files,
      now: nowOf(c),
      fileKey: c.var.fileKey,
    })
    return c.json({ count }, stored > 0 ? 201 : 200)
  })

  app.put('/:id', async (c) => {
    requireRole(c.var.user, ['driver'])
    const id = idParam(c, 'id')
    const body = await jsonBody(c, UpdatePreInspectionBody)
    const draft = await updateDraft(c.var.deps.db, c.var.user, id, body, KINDS, nowOf(c))
    return c.json({ status: 'success' as const, body: draft })
  })

  // Owners see every pre-trip of their unit; a driver sees their own on a unit assigned to them.
  app.get('/:unitId/all', async (c) => {
    const user = c.var.user
    requireRole(user, ['owner', 'driver'])
    const unitId = idParam(c, 'unitId')
    const query = parseOr400(InspectionListQuery, c.req.query())
    const unit = await unitForCaller(c.var.deps.db, user, unitId, query.company_id)
    const page = pageRequestOf(query)
    const list = finishedInspections(
      c.var.deps.db,
      { companyId: unit.companyId, unitId: unit.id, kinds: KINDS, ...(user.role === 'driver' ? { authorId: user.id } : {}) },
      FINISHED_PRE_INSPECTIONS,
    )
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
