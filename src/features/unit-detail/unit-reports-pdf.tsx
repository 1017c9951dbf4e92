// A unit's pre-trip reports over a date range as one PDF (GET /units/{id}/reports.pdf), for an auditor.
import dayjs from 'dayjs'
import { useId, useState } from 'react'
import { toast } from 'react-hot-toast'
import { errorText } from '../../api/error-message.ts'
import { downloadPdf } from '../../api/pdf-download.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { Button } from '../../ui/button.tsx'
import { t } from '../../i18n/translate.ts'

const inputClass =
  'min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2'

export function UnitReportsPdf({ unit }: { unit: Unit }) {
  const id = useId()
  const [from, setFrom] = useState(() => dayjs().subtract(3, 'month').format('YYYY-MM-DD'))
  const [to, setTo] = useState(() => dayjs().format('YYYY-MM-DD'))
  const [pending, setPending] = useState(false)
  const download = async () => {
    setPending(true)
    try {
      await downloadPdf(`units/${unit._id}/reports.pdf?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, `unit-${unit.unitNumber}-reports-${from}-to-${to}.pdf`)
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setPending(false)
    }
  }
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 p-3 dark:border-strokedark">
      <h3 id={`${id}-title`} className="w-full font-semibold">
        {t('Reports PDF')}
      </h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-sm font-medium">
          {t('From')}
        </label>
        <input id={`${id}-from`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} className={inputClass} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className="text-sm font-medium">
          {t('To')}
        </label>
        <input id={`${id}-to`} type="date" value={to} onChange={(event) => setTo(event.target.value)} className={inputClass} />
      </div>
      <Button variant="secondary" pending={pending} onClick={() => void download()}>
        {t('Download reports PDF')}
      </Button>
    </section>
  )
}
