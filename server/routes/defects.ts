// The owner's defects (docs/decisions/011-dvir.md): open defects across the company's units, filtered by
// status and unit, and the certification of each — 'Repaired' or 'No repair needed', with a note and
// a signature. Drivers are refused: certifying is the carrier's word, not the driver's.
import { Hono } from 'hono'
import { CertifyBody, DefectListQuery, type CertifyResponse, type DefectListResponse } from '../../core/contract/dvir.ts'
import { companyOf, requireOwner, requireUser } from '../auth/session.ts'
import { certifyDefect, listDefects } from '../defects/defects.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody, parseOr400 } from '../http/validate.ts'
import { findCompanyUnit } from '../units/unit-access.ts'

export function defectRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser, requireOwner)

  app.get('/', async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const query = parseOr400(DefectListQuery, c.req.query())
    // A unit the filter names must be the company's, as everywhere else.
    if (query.unitId) await findCompanyUnit(db, companyId, query.unitId)
    return c.json<DefectListResponse>({ items: await listDefects(db, companyId, query) })
  })

  app.post('/:id/certify', async (c) => {
    const id = idParam(c, 'id')
    const body = await jsonBody(c, CertifyBody)
    const user = { ...c.var.user, companyId: companyOf(c.var.user) }
    const defect = await certifyDefect(c.var.deps.db, user, id, body, c.var.deps.now?.() ?? new Date())
    return c.json<CertifyResponse>({ message: 'The defect has been certified.', defect }, 201)
  })

  return app
}
