// A finished report's results as people read them (the DVIR): 'No defects', or each defect with its
// severity, note and certification (who, when, the note and signature), and whether the unit may run.
// Shared by the next driver's review and the owner's lists.
import type { ItemResult } from '../../core/contract/dvir.ts'
import { certificationLabel, resultLabel, severityLabel } from './dvir-labels.ts'
import { formatInspectionDate } from '../lib/dates.ts'
import { t } from '../i18n/translate.ts'

export function ReportResults({ results }: { results: readonly ItemResult[] }) {
  const defects = results.filter((result) => result.result === 'defect')
  const openOutOfService = defects.some((defect) => defect.severity === 'out-of-service' && !defect.certification)
  if (defects.length === 0) return <p className="font-medium text-green-700 dark:text-green-300">{t('No defects')}</p>
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2">
        {defects.map((defect) => (
          <li key={defect._id} className="rounded-md border border-slate-200 p-3 dark:border-strokedark">
            <p>
              <span className="font-semibold">{defect.item}</span>{' '}
              <span className={defect.severity === 'out-of-service' ? 'font-medium text-red-700 dark:text-red-300' : 'text-amber-800 dark:text-amber-300'}>
                {defect.severity ? severityLabel(defect.severity) : resultLabel('defect')}
              </span>
            </p>
            <p className="text-sm">{defect.note}</p>
            {defect.certification ? (
              <div className="mt-2 flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
                <p>
                  <span className="font-medium">{certificationLabel(defect.certification.action)}</span> —{' '}
                  {t('certified by {name} on {date}', { name: defect.certification.certifiedBy, date: formatInspectionDate(defect.certification.certifiedAt) })}: {defect.certification.note}
                </p>
                <img src={defect.certification.signature} alt={t('Signature of {name}', { name: defect.certification.certifiedBy })} className="h-12 w-36 rounded border border-slate-200 bg-white object-contain" />
              </div>
            ) : (
              <p className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-300">{t('Not certified yet')}</p>
            )}
          </li>
        ))}
      </ul>
      <p className={`font-semibold ${openOutOfService ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-300'}`}>
        {openOutOfService ? t('Not safe to operate: an out-of-service defect is not certified yet') : t('Safe to operate')}
      </p>
    </div>
  )
}
