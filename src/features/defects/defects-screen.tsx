// The owner's Defects screen, /defects (docs/decisions/011-dvir.md): defects across the company's units
// with unit, item, severity, note, photos, reporter and age — open ones first by default, out of
// service at the top — filtered by status and unit (both kept in the URL). Each open defect is
// certified from here; a certification still on this device (offline, or refused by the server) shows
// on its defect until the server has it.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import type { CertificationOp } from '../../outbox/certification-store.ts'
import { useCertificationsOnDevice } from '../../outbox/use-certifications.ts'
import { DEFECT_STATUSES, type DefectStatusFilter } from '../../../core/contract/defect-status.ts'
import type { DefectListItem } from '../../../core/contract/dvir.ts'
import { certificationLabel, defectStatusLabel, severityLabel } from '../../ui/dvir-labels.ts'
import type { MediaDetails } from '../../../core/contract/inspections.ts'
import { api } from '../../api/client.ts'
import { errorText } from '../../api/error-message.ts'
import { ageLabel } from '../../lib/age.ts'
import { formatInspectionDate } from '../../lib/dates.ts'
import { Button } from '../../ui/button.tsx'
import { MediaDetailsGallery } from '../../ui/media-details-gallery.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { CertifyDefectModal } from './certify-defect-modal.tsx'
import { CertificationOnDevice } from './certification-on-device.tsx'
import { defectsQuery } from './defects-query.ts'
import type { DefectsSearch } from './defects-search.ts'
import { t } from '../../i18n/translate.ts'

const selectClass =
  'min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2'

export function DefectsScreen({ search, onSearch }: { search: DefectsSearch; onSearch: (change: Partial<DefectsSearch>) => void }) {
  const status: DefectStatusFilter = search.status ?? 'open'
  const list = useQuery(defectsQuery(status, search.unitId))
  // The unit filter offers the units that have defects at all.
  const every = useQuery(defectsQuery('all'))
  const units = [...new Map((every.data?.items ?? []).map((defect) => [defect.unit._id, defect.unit])).values()].sort((a, b) => a.unitNumber.localeCompare(b.unitNumber))
  const statusId = useId()
  const unitId = useId()
  const [certifying, setCertifying] = useState<{ defect: DefectListItem; earlier: CertificationOp | null } | null>(null)
  const onDevice = useCertificationsOnDevice(useSignedInUser()._id)

  return (
    <div className={`${SCREEN_CLASS} flex flex-col gap-6`}>
      <PageHeader title={t('Defects')} />
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={statusId} className="text-sm font-medium">
            {t('Status')}
          </label>
          <select id={statusId} value={status} onChange={(event) => onSearch({ status: event.target.value as DefectStatusFilter })} className={selectClass}>
            {DEFECT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {defectStatusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={unitId} className="text-sm font-medium">
            {t('Unit')}
          </label>
          <select id={unitId} value={search.unitId ?? ''} onChange={(event) => onSearch({ unitId: event.target.value || undefined })} className={selectClass}>
            <option value="">{t('All units')}</option>
            {units.map((unit) => (
              <option key={unit._id} value={unit._id}>
                {t('Unit {unitNumber}', { unitNumber: unit.unitNumber })}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <SkeletonList label={t('Loading defects')} count={4} />
      ) : list.isError ? (
        <RetryAlert retryLabel={t('Retry')} onRetry={() => void list.refetch()}>
          {errorText(list.error)}
        </RetryAlert>
      ) : list.data.items.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-300">{status === 'open' ? t('No open defects') : t('No defects')}</p>
      ) : (
        <ul aria-label={t('Defects')} className="flex flex-col gap-3">
          {list.data.items.map((defect) => (
            <li key={defect._id}>
              <DefectCard defect={defect} onDevice={onDevice.get(defect._id) ?? null} onCertify={(earlier) => setCertifying({ defect, earlier })} />
            </li>
          ))}
        </ul>
      )}
      {certifying && <CertifyDefectModal defect={certifying.defect} earlier={certifying.earlier} onClose={() => setCertifying(null)} />}
    </div>
  )
}

function DefectCard({ defect, onDevice, onCertify }: { defect: DefectListItem; onDevice: CertificationOp | null; onCertify: (earlier: CertificationOp | null) => void }) {
  const [gallery, setGallery] = useState(false)
  const outOfService = defect.severity === 'out-of-service'
  return (
    <article
      aria-label={t('{item} on unit {unitNumber}', { item: defect.item, unitNumber: defect.unit.unitNumber })}
      className={`flex flex-col gap-3 rounded-lg border bg-white p-4 shadow-sm dark:bg-boxdark ${outOfService ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-strokedark'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col">
          <Link to="/unit/$unitId" params={{ unitId: defect.unit._id }} className="font-semibold text-primary hover:underline dark:text-indigo-300">
            {t('Unit {unitNumber}', { unitNumber: defect.unit.unitNumber })}
          </Link>
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {defect.unit.make} {defect.unit.model} · {defect.reportNumber}
          </span>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${outOfService ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'}`}
        >
          {severityLabel(defect.severity)}
        </span>
      </div>
      <div>
        <p className="font-semibold">{defect.item}</p>
        <p className="whitespace-pre-wrap">{defect.note}</p>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('Reported by {name}', { name: defect.reporter || t('a driver') })} · {formatInspectionDate(defect.reportedAt)} · <span title={t('Age')}>{ageLabel(defect.reportedAt)}</span>
      </p>
      {defect.certification ? (
        <p className="text-sm">
          <span className="font-semibold">{certificationLabel(defect.certification.action)}</span> — {defect.certification.certifiedBy},{' '}
          {formatInspectionDate(defect.certification.certifiedAt)}: {defect.certification.note}
        </p>
      ) : null}
      {onDevice && <CertificationOnDevice op={onDevice} certifiedOnServer={defect.certification !== null} onCorrect={() => onCertify(onDevice)} />}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" disabled={defect.picture_ids.length === 0} onClick={() => setGallery(true)}>
          {t('Photos ({count})', { count: defect.picture_ids.length })}
        </Button>
        {!defect.certification && !onDevice && <Button onClick={() => onCertify(null)}>{t('Certify')}</Button>}
      </div>
      {gallery && <DefectGallery mediaIds={defect.picture_ids} onClose={() => setGallery(false)} />}
    </article>
  )
}

/** A defect's photos, through the pre-trip media details (owners read every capture of their company). */
function DefectGallery({ mediaIds, onClose }: { mediaIds: readonly string[]; onClose: () => void }) {
  return (
    <MediaDetailsGallery
      mediaIds={mediaIds}
      queryOf={(id) => ({
        queryKey: ['media', id] as const,
        queryFn: () => api.get(`pre-inspection/${id}/pictureDetails`).json<MediaDetails>(),
        meta: { persist: false },
      })}
      onClose={onClose}
    />
  )
}
