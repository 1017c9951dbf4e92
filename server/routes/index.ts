// The API's route table: one file per resource of spec §7, mounted under /api.
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { authRoutes } from './auth.ts'
import { healthRoutes } from './health.ts'
import { userRoutes } from './users.ts'
import { companyRoutes } from './companies.ts'
import { invitationRoutes } from './invitations.ts'
import { driverRoutes } from './drivers.ts'
import { unitRoutes } from './units.ts'
import { unitTypeRoutes } from './unit-types.ts'
import { inspectionTypeRoutes } from './inspection-types.ts'
import { inspectionRoutes, preInspectionRoutes } from './drafts.ts'
import { documentRoutes } from './documents.ts'
import { fileRoutes } from './files.ts'
import { licenceExpiryRoutes } from './licence-expiry.ts'
import { notificationRoutes } from './notifications.ts'
import { companySettingsRoutes } from './company-settings.ts'
import { defectRoutes } from './defects.ts'
import { uploadRoutes } from './uploads.ts'

export function apiRoutes() {
  const api = new Hono<AppEnv>()
  api.route('/health', healthRoutes())
  api.route('/auth', authRoutes())
  api.route('/user', userRoutes())
  api.route('/user', licenceExpiryRoutes())
  // Spec paths are singular (/company/...); the paths the spec leaves open are plural REST (/companies/...).
  api.route('/company', companyRoutes())
  api.route('/companies', companyRoutes())
  api.route('/invitations', invitationRoutes())
  api.route('/driver', driverRoutes())
  api.route('/units', unitRoutes())
  api.route('/unit-types', unitTypeRoutes())
  api.route('/inspection-types', inspectionTypeRoutes())
  api.route('/inspection', inspectionRoutes())
  api.route('/pre-inspection', preInspectionRoutes())
  api.route('/documents', documentRoutes())
  api.route('/files', fileRoutes())
  api.route('/notifications', notificationRoutes())
  api.route('/company-settings', companySettingsRoutes())
  api.route('/defects', defectRoutes())
  api.route('/uploads', uploadRoutes())
  return api
}
