// Step 2 of the pre-trip (spec §4): the checklist with how many captures each item has, and the
// description. Next saves the description and finishes — on the device at once, on the server when
// the outbox gets there — then 'Pre-Inspection was successfully saved.' and back to /units.
import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { toast } from 'react-hot-toast'
import { keptSuccessToast } from '../../ui/kept-success-toast.ts'
import * as v from 'valibot'
import { Odometer } from '../../../core/contract/reminder-fields.ts'
import { errorText } from '../../api/error-message.ts'
import type { ChecklistItem } from '../../lib/checklist.ts'
import { saveDescription, saveSignature } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord } from '../../outbox/outbox-db.ts'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { finishPretrip, goToStep } from './pretrip-actions.ts'
import { SignaturePad } from '../../ui/signature-pad.tsx'
import { capturesOf, resultsOf, SIGN_REPORT_MESSAGE } from './pretrip-rules.ts'
import { ReportSummary } from './report-summary.tsx'
import { m, t, tr } from '../../i18n/translate.ts'
import { resultLabel, severityLabel } from '../../ui/dvir-labels.ts'
import { checklistItemLabel } from '../../lib/checklist.ts'

export const PRETRIP_SAVED_MESSAGE = m('Pre-Inspection was successfully saved.')

export function ReviewStep({ draft, checklist }: { draft: DraftRecord; checklist: readonly ChecklistItem[] }) {
  const navigate = useNavigate()
  const descriptionId = useId()
  const [description, setDescription] = useState(draft.description)
  const [saving, setSaving] = useState(false)
  const [odometer, setOdometer] = useState(draft.odometer?.toString() ?? '')
  const [odometerError, setOdometerError] = useState<string | null>(null)

  // Kept on the device when the field is left, so a reload finds what was typed.
  const keepDescription = () => {
    if (description !== draft.description) void saveDescription(outboxDb, draft.id, description).catch((error: unknown) => toast.error(errorText(error)))
  }

  const previous = async () => {
    try {
      if (description !== draft.description) await saveDescription(outboxDb, draft.id, description)
      await goToStep(outboxDb, draft.id, 1)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  const finish = async () => {
    // Optional, but a reading that is given must be one (the server would refuse it after the fact).
    const reading = v.safeParse(Odometer, odometer)
    if (!reading.success) {
      setOdometerError(reading.issues[0].message)
      return
    }
    setOdometerError(null)
    // §396.11: the driver signs the report; the pad saves each stroke to the draft.
    if (!draft.signature) {
      toast.error(tr(SIGN_REPORT_MESSAGE))
      return
    }
    setSaving(true)
    try {
      await finishPretrip(outboxDb, draft.id, description, reading.output, { checklist: checklist.map((item) => item.name), signedAt: new Date() })
    } catch (error) {
      setSaving(false)
      toast.error(errorText(error))
      return
    }
    keptSuccessToast(tr(PRETRIP_SAVED_MESSAGE))
    await navigate({ to: '/units' })
  }

  return (
    <div className="flex flex-col gap-5">
      <ul aria-label={t('Checklist summary')} className="grid gap-2 sm:grid-cols-2">
        {checklist.map((item) => {
          const count = capturesOf(draft.media, item.name).filter((ref) => ref.state !== 'failed').length
          const counted =
            item.kind === 'photo' ? (count === 1 ? t('{count} photo', { count }) : t('{count} photos', { count })) : count === 1 ? t('{count} video', { count }) : t('{count} videos', { count })
          const result = draft.results?.[item.name]
          return (
            <li key={item.name} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 dark:border-strokedark dark:bg-boxdark">
              <CatalogueIcon name={item.icon} className="h-5 w-5 shrink-0 text-primary" />
              <span className="min-w-0 flex-1 font-medium">{checklistItemLabel(item.name)}</span>
              <span className="text-sm text-slate-600 dark:text-slate-300">
                {counted}
              </span>
              <span className={`text-sm font-medium ${result?.result === 'defect' ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-300'}`}>
                {result?.result === 'defect' ? `${resultLabel('defect')} · ${result.severity ? severityLabel(result.severity) : ''}` : resultLabel('ok')}
              </span>
              <CatalogueIcon name="check-circle" title={t('Done')} className="h-5 w-5 shrink-0 text-green-600 dark:text-green-400" />
            </li>
          )
        })}
      </ul>
      <div className="flex flex-col gap-2">
        <label htmlFor={descriptionId} className="font-medium">
          {t('Description')}
        </label>
        <textarea
          id={descriptionId}
          value={description}
          maxLength={5000}
          rows={5}
          placeholder={t('Write description or comments here...')}
          onChange={(event) => setDescription(event.target.value)}
          onBlur={keepDescription}
          className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2"
        />
      </div>
      <div className="max-w-xs">
        <TextField
          label={t('Odometer (optional)')}
          name="odometer"
          inputMode="numeric"
          autoComplete="off"
          value={odometer}
          error={odometerError}
          onChange={(event) => setOdometer(event.target.value)}
        />
      </div>
      <ReportSummary results={resultsOf(checklist, draft.results)} />
      <SignaturePad
        label={t('Driver, Sign Below')}
        value={draft.signature}
        onChange={(signature) => {
          saveSignature(outboxDb, draft.id, signature).catch((error: unknown) => toast.error(errorText(error)))
        }}
      />
      <div className="flex justify-between gap-3">
        <Button variant="secondary" onClick={() => void previous()} disabled={saving}>
          {t('Previous')}
        </Button>
        <Button onClick={() => void finish()} pending={saving}>
          {t('Next')}
        </Button>
      </div>
    </div>
  )
}
