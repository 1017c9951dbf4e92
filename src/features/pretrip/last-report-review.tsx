// §396.13, before step 1: the unit's last report — who signed it and when, its defects and their
// certifications — and the driver's signature that they reviewed it. The signature is kept on the
// device and queued like every other step; 'Sign and continue' opens step 1.
import { useState } from 'react'
import { toast } from 'react-hot-toast'
import { errorText } from '../../api/error-message.ts'
import { formatInspectionDate } from '../../lib/dates.ts'
import { outboxDb, type DraftRecord } from '../../outbox/outbox-db.ts'
import { Button } from '../../ui/button.tsx'
import { ReportResults } from '../../ui/report-results.tsx'
import { SignaturePad } from '../../ui/signature-pad.tsx'
import { reviewLastReport } from './pretrip-actions.ts'
import type { ReportToReview } from './report-to-review.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export const REVIEW_SIGN_MESSAGE = m('Sign that you reviewed the last report.')

export function LastReportReview({ draft, target, refusal }: { draft: DraftRecord; target: ReportToReview; refusal: string | null }) {
  const { report } = target
  const [signature, setSignature] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const sign = async () => {
    if (!signature) {
      toast.error(tr(REVIEW_SIGN_MESSAGE))
      return
    }
    setSaving(true)
    try {
      await reviewLastReport(outboxDb, draft, target, signature)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <section aria-labelledby="last-report" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-strokedark dark:bg-boxdark">
      <div className="flex flex-col gap-1">
        <h2 id="last-report" className="text-lg font-semibold">
          {t('Review the last report')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {target.draftId
            ? t('Your pre-trip of {date}, kept on this device until it is sent', { date: formatInspectionDate(report.signedAt ?? report.finishedAt) })
            : t('{number} by {name}, {date}', { number: report.number, name: report.authorName || t('a driver'), date: formatInspectionDate(report.signedAt ?? report.finishedAt) })}
        </p>
      </div>
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-700 dark:bg-red-950/40 dark:text-red-300">
          {refusal}
        </p>
      )}
      <ReportResults results={report.results} />
      {report.description && <p className="whitespace-pre-wrap text-sm">{report.description}</p>}
      <p className="text-sm">{t('By signing you confirm that you reviewed this report and the certification of its repairs.')}</p>
      <SignaturePad label={t('Driver, Sign Below')} value={signature} onChange={setSignature} />
      <div>
        <Button onClick={() => void sign()} pending={saving}>
          {t('Sign and continue')}
        </Button>
      </div>
    </section>
  )
}
