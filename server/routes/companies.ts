// Spec §7 "Company and invitations" (under /company) plus the paths the spec leaves open: active companies,
// applying to one and the owner's answer to those requests, and removing a driver (under /companies). The same router serves both prefixes, so every path here is
// written to mean the same thing under either; e.g. /company/active and /companies/all are simply aliases.
import { and, eq, isNull } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import {
  ApplyToCompanyBody,
  CreateCompanyBody,
  type CompanyRef,
  type CreateCompanyResponse,
  type JoinRequest,
  type MessageResponse,
} from '../../core/contract/auth.ts'
import { DriverListQuery } from '../../core/contract/paging.ts'
import { createCompanyWithDefaults } from '../accounts/company-defaults.ts'
import { companyDrivers } from '../accounts/company-drivers.ts'
import {
  approveJoinRequest,
  rejectJoinRequest,
  pendingJoinRequests,
  removeDriver,
  requestToJoin,
  withdrawJoinRequest,
} from '../accounts/join-requests.ts'
import { activeCompanies } from '../accounts/membership.ts'
import { isUniqueViolation } from '../db/pg-error.ts'
import { requireOwner, requireUser } from '../auth/session.ts'
import { companies, joinRequests, users } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { listPage, pageRequestOf, wholeList } from '../http/keyset-page.ts'
import { idParam, jsonBody, parseOr400 } from '../http/validate.ts'
import { Conflict, NotFound } from '../domain-errors.ts'

const COMPANY_NOT_FOUND = 'Company not found.'
const SlugSchema = v.pipe(v.string(), v.maxLength(100), v.regex(/^[a-z0-9-]+$/))
/** Slugs are picked by reading the free ones first; a racing sign-up may take one in between. */
const SLUG_ATTEMPTS = 3

/** The path's company when it is the owner's own; any other id is as if it did not exist. */
function ownCompanyId(c: Context<AppEnv>): string {
  const id = idParam(c, 'id')
  if (id !== c.var.user.companyId) throw new NotFound(COMPANY_NOT_FOUND)
  return id
}

export function companyRoutes() {
  const routes = new Hono<AppEnv>()

  routes.post('/create-company', requireUser, async (c) => {
    const { db, now: clock } = c.var.deps
    const body = await jsonBody(c, CreateCompanyBody)
    const caller = c.var.user
    if (caller.companyId || caller.role) throw new Conflict('You already belong to a company.')
    const now = clock?.() ?? new Date()
    for (let attempt = 1; ; attempt++) {
      try {
        const company = await db.transaction(async (tx) => {
          const created = await createCompanyWithDefaults(tx, body.companyName)
          // The owner's browser zone: the company's daily reminders follow it.
          if (body.timeZone) await tx.update(companies).set({ timeZone: body.timeZone }).where(eq(companies.id, created.id))
          // Guarded in the UPDATE itself: two racing create calls cannot make one user own two companies.
          const moved = await tx
            .update(users)
            .set({ role: 'owner', companyId: created.id, isNewUser: false, updatedAt: now })
            .where(and(eq(users.id, caller.id), isNull(users.companyId), isNull(users.role)))
            .returning({ id: users.id })
          if (moved.length === 0) throw new Conflict('You already belong to a company.')
          // An owner now: a request to drive for another company is withdrawn.
          await tx.delete(joinRequests).where(eq(joinRequests.userId, caller.id))
          return created
        })
        return c.json<CreateCompanyResponse>(
          { message: 'Company has been created.', company: { _id: company.id, name: company.name, slug: company.slug } },
          201,
        )
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error
      }
    }
  })

  routes.get('/all', requireUser, async (c) => c.json<CompanyRef[]>(await activeCompanies(c.var.deps.db)))

  routes.get('/active', requireUser, async (c) => c.json<CompanyRef[]>(await activeCompanies(c.var.deps.db)))

  routes.post('/apply', requireUser, async (c) => {
    const { db, now } = c.var.deps
    const body = await jsonBody(c, ApplyToCompanyBody)
    // Only for oneself; another user's id is treated as not existing, like everywhere else.
    if (body.userId !== c.var.user.id) throw new NotFound('User not found.')
    return c.json<MessageResponse>(await db.transaction((tx) => requestToJoin(tx, body.userId, body.companyId, now?.() ?? new Date())))
  })

  // The caller's own request, withdrawn (the waiting screen's 'Withdraw request').
  routes.delete('/join-request', requireUser, async (c) => {
    await withdrawJoinRequest(c.var.deps.db, c.var.user.id)
    return c.json<MessageResponse>({ message: 'Your request has been withdrawn.' })
  })

  // Public: the driver sign-up page (/{slug}/signup) shows the company's name before anyone signs in.
  routes.get('/:slug/by-slug', async (c) => {
    const slug = v.safeParse(SlugSchema, c.req.param('slug'))
    if (!slug.success) throw new NotFound(COMPANY_NOT_FOUND)
    const [company] = await c.var.deps.db
      .select({ _id: companies.id, name: companies.name, slug: companies.slug })
      .from(companies)
      .where(and(eq(companies.slug, slug.output), eq(companies.active, true)))
      .limit(1)
    if (!company) throw new NotFound(COMPANY_NOT_FOUND)
    return c.json<CompanyRef>(company)
  })

  // Without `limit` the spec's whole list; with it one page (core/contract/paging.ts). `q` applies to both.
  routes.get('/:id/drivers', requireUser, requireOwner, async (c) => {
    const id = ownCompanyId(c)
    const query = parseOr400(DriverListQuery, c.req.query())
    const page = pageRequestOf(query)
    const drivers = companyDrivers(c.var.deps.db, id, query.q)
    return c.json(page ? await listPage(drivers, page) : await wholeList(drivers))
  })

  routes.get('/:id/join-requests', requireUser, requireOwner, async (c) => {
    return c.json<JoinRequest[]>(await pendingJoinRequests(c.var.deps.db, ownCompanyId(c)))
  })

  routes.post('/:id/join-requests/:requestId/approve', requireUser, requireOwner, async (c) => {
    const { db, jobs, now } = c.var.deps
    const companyId = ownCompanyId(c)
    return c.json<MessageResponse>(await approveJoinRequest(db, jobs, companyId, idParam(c, 'requestId'), now?.() ?? new Date()))
  })

  routes.post('/:id/join-requests/:requestId/reject', requireUser, requireOwner, async (c) => {
    const { db, jobs, now } = c.var.deps
    const companyId = ownCompanyId(c)
    return c.json<MessageResponse>(await rejectJoinRequest(db, jobs, companyId, idParam(c, 'requestId'), now?.() ?? new Date()))
  })

  routes.delete('/:id/drivers/:driverId', requireUser, requireOwner, async (c) => {
    const { db, now } = c.var.deps
    const companyId = ownCompanyId(c)
    const removal = { companyId, driverId: idParam(c, 'driverId'), ownerId: c.var.user.id, now: now?.() ?? new Date() }
    return c.json<MessageResponse>(await removeDriver(db, removal))
  })

  return routes
}
