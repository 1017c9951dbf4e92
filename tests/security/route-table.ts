// Who may call each API route, one row per route: the route as the server registers it (without /api),
// the rule that decides who gets through, the path params filled from a seeded world, and a request
// the allowed callers would really send. The authorization matrix checks every row against all six
// callers; the fuzz suite starts from the same rows. A route the server has but this table lacks fails.
import type { App } from '../../server/app.ts'
import { hashToken, newToken, RESET_TOKEN_TTL_MS } from '../../server/auth/tokens.ts'
import { passwordResetTokens } from '../../server/db/schema.ts'
import type { TestUser } from '../server/harness.ts'
import { jpegBytes, mp4Bytes, pngBytes, signatureDataUrl, uploadForm } from '../server/inspection-fixtures.ts'
import { unitBody } from '../server/unit-fixtures.ts'
import { newDriverUpload, PDF_BYTES, type World } from './world.ts'

export const ACTORS = ['anonymous', 'driver', 'owner', 'otherOwner', 'otherDriver', 'newcomer'] as const
export type Actor = (typeof ACTORS)[number]

/** 'ok' is any 2xx; 'denied' is 403 or 404 (either refuses without telling whether the target exists). */
export type Outcome = 'ok' | 'denied' | 401 | 403 | 404 | 409

/**
 * The callers: `driver` and `owner` belong to company A, whose ids fill every path; `otherOwner` and
 * `otherDriver` to company B; `newcomer` is signed in but has no company yet.
 */
export function callerOf(world: World, actor: Actor): TestUser | null {
  switch (actor) {
    case 'anonymous':
      return null
    case 'driver':
      return world.a.driver
    case 'owner':
      return world.a.owner
    case 'otherOwner':
      return world.b.owner
    case 'otherDriver':
      return world.b.driver
    case 'newcomer':
      return world.newcomer
  }
}

export const RULES = {
  /** Anyone, signed in or not. */
  public: { anonymous: 'ok', driver: 'ok', owner: 'ok', otherOwner: 'ok', otherDriver: 'ok', newcomer: 'ok' },
  /** Anyone signed in, company or not. */
  signedIn: { anonymous: 401, driver: 'ok', owner: 'ok', otherOwner: 'ok', otherDriver: 'ok', newcomer: 'ok' },
  /** Company A's people: its owner, and its driver on what is theirs; company B never learns it exists. */
  company: { anonymous: 401, driver: 'ok', owner: 'ok', otherOwner: 404, otherDriver: 404, newcomer: 'denied' },
  /** Company A's owner only; a driver is refused for the role, company B's owner as if it did not exist. */
  owner: { anonymous: 401, driver: 403, owner: 'ok', otherOwner: 404, otherDriver: 403, newcomer: 403 },
  /** Any owner, acting in their own company (nothing of A's is named). */
  anyOwner: { anonymous: 401, driver: 403, owner: 'ok', otherOwner: 'ok', otherDriver: 403, newcomer: 403 },
  /** Any member of a company, reading their own company's lists. */
  anyMember: { anonymous: 401, driver: 'ok', owner: 'ok', otherOwner: 'ok', otherDriver: 'ok', newcomer: 403 },
  /** Company A's driver, on the unit assigned to them: owners are refused for the role. */
  assignedDriver: { anonymous: 401, driver: 'ok', owner: 403, otherOwner: 403, otherDriver: 404, newcomer: 403 },
  /** A driver's people pages: the driver and their owner; other drivers are refused before any lookup. */
  people: { anonymous: 401, driver: 'ok', owner: 'ok', otherOwner: 404, otherDriver: 403, newcomer: 403 },
  /** Company A's driver's own account; nobody else, not even their owner. */
  self: { anonymous: 401, driver: 'ok', owner: 404, otherOwner: 404, otherDriver: 404, newcomer: 404 },
  /** The newcomer's own account. */
  newcomerSelf: { anonymous: 401, driver: 404, owner: 404, otherOwner: 404, otherDriver: 404, newcomer: 'ok' },
  /** Onboarding: only someone without a company; members already belong to one. */
  onboarding: { anonymous: 401, driver: 409, owner: 409, otherOwner: 409, otherDriver: 409, newcomer: 'ok' },
  /** A resumable upload: only whoever created it (company A's driver); anyone else is told it does not exist. */
  uploader: { anonymous: 401, driver: 'ok', owner: 404, otherOwner: 404, otherDriver: 404, newcomer: 403 },
  /** Served to nobody (an upload's bytes are read through signed file links only). */
  nobody: { anonymous: 401, driver: 404, owner: 404, otherOwner: 404, otherDriver: 404, newcomer: 403 },
} as const satisfies Record<string, Record<Actor, Outcome>>

export type RuleName = keyof typeof RULES

export interface RequestSpec {
  json?: unknown
  form?: FormData
  query?: Record<string, string>
  /** Headers beyond the token (tus's). */
  headers?: Record<string, string>
  /** A raw body (a tus PATCH's bytes). */
  bytes?: Uint8Array
}

export interface RouteRow {
  /** 'METHOD /path' exactly as registered under /api, e.g. 'PUT /units/:id'. */
  route: string
  rule: RuleName
  params?: (world: World) => Record<string, string>
  /** The request a caller allowed by the rule would send; `caller` is null for anonymous. */
  request?: (world: World, caller: TestUser | null) => RequestSpec | Promise<RequestSpec>
}

let serial = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${serial++}`
const uniqueEmail = () => `${unique('sec')}@example.com`
const self = (world: World, caller: TestUser | null) => caller?.id ?? world.a.owner.id

const photoForm = (fields: Record<string, string>) => uploadForm(fields, [{ bytes: jpegBytes(640, 480), name: 'photo.jpg', type: 'image/jpeg' }])
const videoForm = (fields: Record<string, string>) => uploadForm(fields, [{ bytes: mp4Bytes(), name: 'clip.mp4', type: 'video/mp4' }])
const imageForm = (fields: Record<string, string> = {}) => uploadForm(fields, [{ bytes: pngBytes(16, 16), name: 'me.png', type: 'image/png' }])

function companyRows(prefix: '/company' | '/companies'): RouteRow[] {
  return [
    { route: `POST ${prefix}/create-company`, rule: 'onboarding', request: () => ({ json: { companyName: unique('New Co') } }) },
    { route: `GET ${prefix}/all`, rule: 'signedIn' },
    { route: `GET ${prefix}/active`, rule: 'signedIn' },
    {
      route: `POST ${prefix}/apply`,
      rule: 'onboarding',
      request: (w, caller) => ({ json: { userId: caller?.id ?? w.newcomer.id, companyId: w.a.companyId } }),
    },
    { route: `GET ${prefix}/:slug/by-slug`, rule: 'public', params: (w) => ({ slug: w.a.slug }) },
    { route: `GET ${prefix}/:id/drivers`, rule: 'owner', params: (w) => ({ id: w.a.companyId }) },
    // Only the newcomer has a request to withdraw; a member has none (404).
    { route: `DELETE ${prefix}/join-request`, rule: 'newcomerSelf' },
    { route: `GET ${prefix}/:id/join-requests`, rule: 'owner', params: (w) => ({ id: w.a.companyId }) },
    {
      route: `POST ${prefix}/:id/join-requests/:requestId/approve`,
      rule: 'owner',
      params: (w) => ({ id: w.a.companyId, requestId: w.joinRequestId }),
    },
    {
      route: `POST ${prefix}/:id/join-requests/:requestId/reject`,
      rule: 'owner',
      params: (w) => ({ id: w.a.companyId, requestId: w.joinRequestId }),
    },
    { route: `DELETE ${prefix}/:id/drivers/:driverId`, rule: 'owner', params: (w) => ({ id: w.a.companyId, driverId: w.a.driver.id }) },
  ]
}

export const ROUTE_TABLE: RouteRow[] = [
  { route: 'GET /health', rule: 'public' },

  // Auth
  {
    route: 'POST /auth/login',
    rule: 'public',
    request: (w) => ({ json: { email: w.a.driver.email, password: w.a.driver.password } }),
  },
  {
    route: 'POST /auth/register',
    rule: 'public',
    request: () => ({ json: { email: uniqueEmail(), password: 'Secret1', firstName: 'Reg', lastName: 'User', phone: '555' } }),
  },
  {
    route: 'POST /auth/reset-password',
    rule: 'public',
    // An account of its own per call: one email is sent at most three reset mails per 15 minutes.
    request: async (w) => ({ json: { email: (await w.ctx.user({ role: 'driver', companyId: w.a.companyId })).email } }),
  },
  {
    route: 'POST /auth/set-password',
    rule: 'public',
    // A fresh link per call, for a bystander: setting a password ends every session of its account.
    request: async (w) => ({ json: { token: await resetTokenFor(w), password: 'Newpass1', confirmPassword: 'Newpass1' } }),
  },
  { route: 'POST /auth/logout', rule: 'signedIn' },

  // The user's own account
  { route: 'GET /user/:id', rule: 'company', params: (w) => ({ id: w.a.driver.id }) },
  { route: 'GET /user/:id/info', rule: 'company', params: (w) => ({ id: w.a.driver.id }) },
  { route: 'GET /user/:id/dashboard-counts', rule: 'self', params: (w) => ({ id: w.a.driver.id }) },
  {
    route: 'PUT /user/:id',
    rule: 'newcomerSelf',
    params: (w) => ({ id: w.newcomer.id }),
    request: (w) => ({ json: { companyId: w.a.companyId } }),
  },
  {
    route: 'PUT /user/update-profile/:id',
    rule: 'self',
    params: (w) => ({ id: w.a.driver.id }),
    request: (w) => ({ json: { id: w.a.driver.id, firstName: 'Ann', lastName: 'Lee', email: uniqueEmail(), phone: '555' } }),
  },
  {
    route: 'POST /user/update-password/:id',
    rule: 'self',
    params: (w) => ({ id: w.a.driver.id }),
    request: (w) => ({ json: { id: w.a.driver.id, password: 'Newpass1', confirmPassword: 'Newpass1' } }),
  },
  { route: 'POST /user/set-avatar/:id', rule: 'self', params: (w) => ({ id: w.a.driver.id }), request: () => ({ form: imageForm() }) },
  {
    route: 'POST /user/save-documents/:id',
    rule: 'self',
    params: (w) => ({ id: w.a.driver.id }),
    request: () => ({ form: imageForm({ doc: 'driver-licence' }) }),
  },
  { route: 'PUT /user/licence-expiry/:id', rule: 'self', params: (w) => ({ id: w.a.driver.id }), request: () => ({ json: { expiresOn: '2027-01-31' } }) },
  { route: 'PUT /user/language/:id', rule: 'self', params: (w) => ({ id: w.a.driver.id }), request: () => ({ json: { language: 'es' } }) },

  // Companies and invitations (the same router under both prefixes)
  ...companyRows('/company'),
  ...companyRows('/companies'),
  { route: 'POST /invitations/send-invitation', rule: 'anyOwner', request: () => ({ json: { email: uniqueEmail() } }) },
  { route: 'GET /invitations/:token', rule: 'public', params: (w) => ({ token: w.a.invitationToken }) },

  // Drivers
  { route: 'GET /driver/:id/units', rule: 'people', params: (w) => ({ id: w.a.driver.id }) },
  { route: 'GET /driver/:id/details', rule: 'people', params: (w) => ({ id: w.a.driver.id }) },

  // Units
  { route: 'GET /units/:companyId', rule: 'owner', params: (w) => ({ companyId: w.a.companyId }) },
  { route: 'GET /units/:id/info', rule: 'company', params: (w) => ({ id: w.a.unitId }) },
  {
    route: 'POST /units',
    rule: 'owner',
    request: (w) => ({ json: unitBody({ typeId: w.a.unitTypeId, subTypeId: w.a.subTypeId }) }),
  },
  {
    route: 'PUT /units/:id',
    rule: 'owner',
    params: (w) => ({ id: w.a.unitId }),
    request: (w) => ({ json: unitBody({ typeId: w.a.unitTypeId, subTypeId: w.a.subTypeId }) }),
  },
  { route: 'DELETE /units/:id', rule: 'owner', params: (w) => ({ id: w.a.unitId }) },
  { route: 'GET /units/:unitId/pre-inspections', rule: 'company', params: (w) => ({ unitId: w.a.unitId }) },
  { route: 'POST /units/:id/restore', rule: 'owner', params: (w) => ({ id: w.a.unitId }) },
  {
    route: 'GET /units/:id/reports.pdf',
    rule: 'owner',
    params: (w) => ({ id: w.a.unitId }),
    request: () => ({ query: { from: '2020-01-01', to: '2099-12-31' } }),
  },
  { route: 'GET /units/:id/timeline', rule: 'company', params: (w) => ({ id: w.a.unitId }) },
  {
    route: 'PUT /units/:id/status',
    rule: 'owner',
    params: (w) => ({ id: w.a.unitId }),
    request: () => ({ json: { newStatus: 'Maintenance', notes: 'Brakes' } }),
  },
  {
    route: 'POST /units/:id/add-change-oil',
    rule: 'owner',
    params: (w) => ({ id: w.a.unitId }),
    request: () => ({ json: { changeDate: '2026-01-10', nextChangeDate: '2026-04-10' } }),
  },

  // Unit types and sub types
  { route: 'GET /unit-types', rule: 'anyMember' },
  { route: 'GET /unit-types/full', rule: 'anyMember' },
  { route: 'GET /unit-types/:id', rule: 'company', params: (w) => ({ id: w.a.unitTypeId }) },
  { route: 'POST /unit-types', rule: 'anyOwner', request: () => ({ json: { name: 'Van', icon: 'fa-truck' } }) },
  {
    route: 'PUT /unit-types/:id',
    rule: 'owner',
    params: (w) => ({ id: w.a.unitTypeId }),
    request: () => ({ json: { name: 'Renamed' } }),
  },
  { route: 'DELETE /unit-types/:id', rule: 'owner', params: (w) => ({ id: w.a.spareUnitTypeId }) },
  { route: 'GET /unit-types/:unitTypeId/unit-sub-types', rule: 'company', params: (w) => ({ unitTypeId: w.a.unitTypeId }) },
  {
    route: 'GET /unit-types/:unitTypeId/unit-sub-types/:id',
    rule: 'company',
    params: (w) => ({ unitTypeId: w.a.unitTypeId, id: w.a.subTypeId }),
  },
  {
    route: 'POST /unit-types/:unitTypeId/unit-sub-types',
    rule: 'owner',
    params: (w) => ({ unitTypeId: w.a.unitTypeId }),
    request: (w) => ({ json: { name: 'Reefer', inspectionsTypes: [{ _id: w.a.inspectionTypeId, type: 'photo' }] } }),
  },
  {
    route: 'PUT /unit-types/:unitTypeId/unit-sub-types/:id',
    rule: 'owner',
    params: (w) => ({ unitTypeId: w.a.unitTypeId, id: w.a.subTypeId }),
    request: () => ({ json: { name: 'Renamed' } }),
  },
  {
    route: 'DELETE /unit-types/:unitTypeId/unit-sub-types/:id',
    rule: 'owner',
    params: (w) => ({ unitTypeId: w.a.unitTypeId, id: w.a.spareSubTypeId }),
  },

  // Inspection types
  { route: 'GET /inspection-types', rule: 'anyMember' },
  { route: 'GET /inspection-types/:id', rule: 'company', params: (w) => ({ id: w.a.inspectionTypeId }) },
  { route: 'POST /inspection-types', rule: 'anyOwner', request: () => ({ json: { name: unique('Hitch'), icon: 'fa-lightbulb' } }) },
  {
    route: 'PUT /inspection-types/:id',
    rule: 'owner',
    params: (w) => ({ id: w.a.inspectionTypeId }),
    request: () => ({ json: { name: 'Renamed' } }),
  },
  { route: 'DELETE /inspection-types/:id', rule: 'owner', params: (w) => ({ id: w.a.inspectionTypeId }) },

  // The owner's assign-to-driver and reserve drafts
  {
    route: 'POST /inspection',
    rule: 'owner',
    request: (w, caller) => ({ json: { type: 'inspection', company_id: w.a.companyId, user_id: self(w, caller), unit_id: w.a.unitId } }),
  },
  {
    route: 'POST /inspection/delete',
    rule: 'owner',
    request: (w, caller) => ({
      json: { type: 'inspection', company_id: w.a.companyId, user_id: self(w, caller), unit_id: w.a.unitId, inspectionId: w.a.ownerDraftId },
    }),
  },
  {
    route: 'POST /inspection/photo-inspection/:unitId',
    rule: 'owner',
    params: (w) => ({ unitId: w.a.unitId }),
    request: (w) => ({ form: photoForm({ company_id: w.a.companyId, inspection_id: w.a.ownerDraftId }) }),
  },
  {
    route: 'POST /inspection/video-inspection/:unitId',
    rule: 'owner',
    params: (w) => ({ unitId: w.a.unitId }),
    request: (w) => ({ form: videoForm({ company_id: w.a.companyId, inspection_id: w.a.ownerDraftId }) }),
  },
  {
    route: 'PUT /inspection/:id',
    rule: 'owner',
    params: (w) => ({ id: w.a.ownerDraftId }),
    request: () => ({ json: { description: 'Scratch on the left door', currentStep: 2 } }),
  },
  { route: 'GET /inspection/:unitId/all', rule: 'owner', params: (w) => ({ unitId: w.a.unitId }) },
  { route: 'DELETE /inspection/media/:id', rule: 'owner', params: (w) => ({ id: w.a.ownerMediaId }) },
  { route: 'DELETE /pre-inspection/media/:id', rule: 'assignedDriver', params: (w) => ({ id: w.a.mediaId }) },
  { route: 'GET /inspection/:id/pictureDetails', rule: 'company', params: (w) => ({ id: w.a.mediaId }) },
  { route: 'GET /inspection/:id/videoDetails', rule: 'company', params: (w) => ({ id: w.a.mediaId }) },

  // The driver's pre-trips
  {
    route: 'POST /pre-inspection',
    rule: 'assignedDriver',
    request: (w, caller) => ({
      json: { type: 'pre-inspection', company_id: w.a.companyId, user_id: caller?.id ?? w.a.driver.id, unit_id: w.a.unitId },
    }),
  },
  {
    route: 'POST /pre-inspection/delete',
    rule: 'assignedDriver',
    request: (w, caller) => ({
      json: {
        type: 'pre-inspection',
        company_id: w.a.companyId,
        user_id: caller?.id ?? w.a.driver.id,
        unit_id: w.a.unitId,
        inspectionId: w.a.driverDraftId,
      },
    }),
  },
  {
    route: 'POST /pre-inspection/photo-preInspection/:unitId',
    rule: 'assignedDriver',
    params: (w) => ({ unitId: w.a.unitId }),
    request: (w) => ({ form: photoForm({ company_id: w.a.companyId, inspection_id: w.a.driverDraftId, item: 'Tires' }) }),
  },
  {
    route: 'POST /pre-inspection/video-preInspection/:unitId',
    rule: 'assignedDriver',
    params: (w) => ({ unitId: w.a.unitId }),
    request: (w) => ({ form: videoForm({ company_id: w.a.companyId, inspection_id: w.a.driverDraftId, item: 'Tires' }) }),
  },
  {
    route: 'POST /pre-inspection/preInspectionItems',
    rule: 'assignedDriver',
    request: (w) => ({
      form: photoForm({ type: 'photo', inspection_id: w.a.driverDraftId, item: 'Tires', company_id: w.a.companyId }),
    }),
  },
  {
    route: 'PUT /pre-inspection/:id',
    rule: 'assignedDriver',
    params: (w) => ({ id: w.a.driverDraftId }),
    request: () => ({ json: { description: 'All good', currentStep: 1 } }),
  },
  { route: 'GET /pre-inspection/:unitId/all', rule: 'company', params: (w) => ({ unitId: w.a.unitId }) },
  // The DVIR (docs/decisions/011-dvir.md)
  {
    route: 'PUT /pre-inspection/:id/result',
    rule: 'assignedDriver',
    params: (w) => ({ id: w.a.driverDraftId }),
    request: () => ({ json: { item: 'Tires', result: 'defect', severity: 'minor', note: 'Worn tread' } }),
  },
  {
    route: 'POST /pre-inspection/:id/review',
    rule: 'assignedDriver',
    params: (w) => ({ id: w.a.driverDraftId }),
    request: (w) => ({ json: { inspection_id: w.a.reportId, signature: signatureDataUrl() } }),
  },
  { route: 'GET /pre-inspection/:unitId/last-report', rule: 'company', params: (w) => ({ unitId: w.a.unitId }) },
  { route: 'GET /pre-inspection/:id/report.pdf', rule: 'company', params: (w) => ({ id: w.a.reportId }) },
  { route: 'GET /defects', rule: 'anyOwner' },
  {
    route: 'POST /defects/:id/certify',
    rule: 'owner',
    params: (w) => ({ id: w.a.defectId }),
    request: () => ({ json: { action: 'repaired', note: 'New tire', signature: signatureDataUrl() } }),
  },
  { route: 'POST /inspection-types/fmcsa-396-11', rule: 'anyOwner' },
  { route: 'GET /pre-inspection/:id/pictureDetails', rule: 'company', params: (w) => ({ id: w.a.mediaId }) },
  { route: 'GET /pre-inspection/:id/videoDetails', rule: 'company', params: (w) => ({ id: w.a.mediaId }) },

  // Documents
  {
    route: 'GET /documents/:companyId/unit/:unitId',
    rule: 'company',
    params: (w) => ({ companyId: w.a.companyId, unitId: w.a.unitId }),
  },
  { route: 'GET /documents/:companyId/all', rule: 'company', params: (w) => ({ companyId: w.a.companyId }) },
  { route: 'GET /documents/:id', rule: 'company', params: (w) => ({ id: w.a.documentId }) },
  { route: 'GET /documents/:id/details', rule: 'company', params: (w) => ({ id: w.a.documentId }) },
  {
    route: 'POST /documents',
    rule: 'company',
    request: (w) => ({
      form: uploadForm({ fileName: 'Insurance', units: w.a.unitId }, [{ bytes: PDF_BYTES, name: 'insurance.pdf', type: 'application/pdf' }]),
    }),
  },
  { route: 'DELETE /documents/:id', rule: 'owner', params: (w) => ({ id: w.a.documentId }) },

  // Notifications: each member's own list, channels, devices and test button
  { route: 'GET /notifications', rule: 'anyMember' },
  { route: 'POST /notifications/read', rule: 'anyMember', request: () => ({ json: { all: true } }) },
  { route: 'GET /notifications/settings', rule: 'anyMember' },
  { route: 'PUT /notifications/settings', rule: 'anyMember', request: () => ({ json: { mail: true, push: false, inApp: true } }) },
  {
    route: 'POST /notifications/push-subscriptions',
    rule: 'anyMember',
    request: () => ({ json: { endpoint: `https://push.example.com/${unique('device')}`, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } } }),
  },
  { route: 'DELETE /notifications/push-subscriptions', rule: 'anyMember', request: () => ({ json: { endpoint: 'https://push.example.com/gone' } }) },
  { route: 'POST /notifications/test', rule: 'anyMember' },

  // The owner's company settings for reminders
  { route: 'GET /company-settings', rule: 'anyOwner' },
  { route: 'PUT /company-settings', rule: 'anyOwner', request: () => ({ json: { timeZone: 'America/Chicago', distanceUnit: 'mi' } }) },
  { route: 'GET /company-settings/reminders', rule: 'anyOwner' },

  // Resumable uploads (tus 1.0): any member creates one; only its creator goes on with it.
  {
    route: 'POST /uploads',
    rule: 'anyMember',
    request: () => ({ headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000' } }),
  },
  { route: 'GET /uploads/:id', rule: 'nobody', params: (w) => ({ id: w.a.uploadSegment }) },
  {
    route: 'PATCH /uploads/:id',
    rule: 'uploader',
    // The driver, whom the rule lets through, gets a fresh upload (the request comes before the params),
    // so each of their calls sends from offset 0; nobody else gets past the ownership check.
    request: async (w, caller) => {
      if (caller?.id === w.a.driver.id) w.a.uploadSegment = await newDriverUpload(w.ctx, w.a, 1000)
      return { headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes: mp4Bytes(1000) }
    },
    params: (w) => ({ id: w.a.uploadSegment }),
  },
  // Termination: the creator removes an upload it no longer needs (a fresh one per allowed call, as above).
  {
    route: 'DELETE /uploads/:id',
    rule: 'uploader',
    request: async (w, caller) => {
      if (caller?.id === w.a.driver.id) w.a.uploadSegment = await newDriverUpload(w.ctx, w.a, 1000)
      return { headers: { 'tus-resumable': '1.0.0' } }
    },
    params: (w) => ({ id: w.a.uploadSegment }),
  },
  // Discovery (tus OPTIONS): what the server takes, told to anyone, like a preflight.
  { route: 'OPTIONS /uploads', rule: 'public' },

  // Files: the signed URL is the credential, so whoever holds it may read (nothing else is needed).
  {
    route: 'GET /files/:folder/:id',
    rule: 'public',
    params: (w) => {
      const [folder, id] = new URL(w.a.mediaUrl, 'http://x').pathname.replace(/^\/api\/files\//, '').split('/')
      return { folder: folder!, id: id! }
    },
    request: (w) => ({ query: Object.fromEntries(new URL(w.a.mediaUrl, 'http://x').searchParams) }),
  },
]

/**
 * The lists that page (core/contract/paging.ts). Each is also called with `limit`: a page must admit and
 * refuse exactly whom the whole list does.
 */
export const PAGED_LIST_ROUTES = [
  'GET /units/:companyId',
  'GET /company/:id/drivers',
  'GET /companies/:id/drivers',
  'GET /documents/:companyId/all',
  'GET /documents/:companyId/unit/:unitId',
  'GET /units/:id/timeline',
  'GET /units/:unitId/pre-inspections',
  'GET /inspection/:unitId/all',
  'GET /pre-inspection/:unitId/all',
] as const

async function resetTokenFor(world: World): Promise<string> {
  const bystander = await world.ctx.user({ role: 'driver', companyId: world.a.companyId })
  const token = newToken()
  await world.ctx.db
    .insert(passwordResetTokens)
    .values({ userId: bystander.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
  return token
}

/** Every (method, path) under /api that has a handler: middleware and the JSON 404 fallback are `ALL …*`. */
export function registeredRoutes(app: App): string[] {
  const routes = new Set<string>()
  for (const { method, path } of app.routes) {
    // Outside /api is the built client (SPA fallback), which the API matrix does not cover.
    if (!path.startsWith('/api/')) continue
    if (method === 'ALL' && path.endsWith('*')) continue
    routes.add(`${method} ${path.slice('/api'.length)}`)
  }
  return [...routes].sort()
}

export function splitRoute(route: string): { method: string; path: string } {
  const [method, path] = route.split(' ')
  return { method: method!, path: path! }
}

/** The route's path with its params filled in (each URL-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`)
    return encodeURIComponent(value)
  })
}

export function withQuery(path: string, query: Record<string, string> | undefined): string {
  if (!query || Object.keys(query).length === 0) return path
  return `${path}?${new URLSearchParams(query).toString()}`
}

/** Sends a row's request as `actor`, with `extraQuery` added to its query; answers the status and body. */
export async function callRow(world: World, row: RouteRow, actor: Actor, extraQuery?: Record<string, string>) {
  const { method, path } = splitRoute(row.route)
  const caller = callerOf(world, actor)
  const spec = (await row.request?.(world, caller)) ?? {}
  const url = withQuery(fillPath(path, row.params?.(world) ?? {}), { ...spec.query, ...extraQuery })
  return world.ctx.call(method, url, {
    ...(caller ? { token: caller.token } : {}),
    ...(spec.json !== undefined ? { json: spec.json } : {}),
    ...(spec.form ? { body: spec.form } : {}),
    ...(spec.bytes ? { body: spec.bytes as BodyInit } : {}),
    ...(spec.headers ? { headers: spec.headers } : {}),
  })
}
