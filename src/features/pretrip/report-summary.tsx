// The summary a driver signs under (§396.11): 'No defects', or the defects with their severity and note
// and whether the unit is safe to operate.
import type { ItemResultPayload } from '../../outbox/outbox-db.ts'
import { defectSummary } from './pretrip-rules.ts'
import { t } from '../../i18n/translate.ts'
import { resultLabel, severityLabel } from '../../ui/dvir-labels.ts'

export function ReportSummary({ results }: { results: readonly ItemResultPayload[] }) {
  const { defects, safeToOperate } = defectSummary(results)
  return (
    <section aria-labelledby="report-summary" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 dark:border-strokedark dark:bg-boxdark">
      <h3 id="report-summary" className="font-semibold">
        {t('Summary')}
      </h3>
      {defects.length === 0 ? (
        <p className="font-medium text-green-700 dark:text-green-300">{t('No defects')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-1">
            {defects.map((defect) => (
              <li key={defect.item}>
                <span className="font-medium">{defect.item}</span> — {defect.severity ? severityLabel(defect.severity) : resultLabel('defect')}: {defect.note}
              </li>
            ))}
          </ul>
          <p className={`font-semibold ${safeToOperate ? 'text-green-700 dark:text-green-300' : 'text-red-700 dark:text-red-300'}`}>
            {safeToOperate ? t('Safe to operate') : t('Not safe to operate: the unit goes to Maintenance')}
          </p>
        </>
      )}
    </section>
  )
}
