// Spec §2/§4: a driver without a driver-licence document is told to upload one, everywhere but /documents.
import { Link } from '@tanstack/react-router'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { t } from '../../i18n/translate.ts'

export function needsDriverLicenceBanner(user: Pick<AuthUser, 'role' | 'documents'>, pathname: string): boolean {
  if (user.role?.name !== 'driver') return false
  if (user.documents.some((document) => document.type === 'driver-licence')) return false
  return pathname.replace(/\/+$/, '') !== '/documents'
}

export function DriverLicenceBanner() {
  return (
    <Link
      to="/documents"
      className="mx-4 mt-4 block rounded-md border-l-4 border-red-600 bg-red-50 px-4 py-3 text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 md:mx-6 dark:bg-red-950/60 dark:text-red-200 dark:hover:bg-red-950"
    >
      <strong className="block font-semibold">{t('Driver License Required')}</strong>
      <span className="block text-sm">{t("You need to upload your driver's license to continue.")}</span>
    </Link>
  )
}
