// One checklist item's result (the DVIR, docs/decisions/011-dvir.md): 'OK' or 'Defect', and for a
// defect its severity ('Minor' — safe to operate — or 'Out of service') and a short note. A result is
// kept on the device and queued as soon as it is whole; a defect still missing its note or severity
// is reported to the step (`onIncomplete`) so Next can say what is missing. What the server refused
// shows here, beside what the driver entered, until it is corrected.
import { useId, useState } from 'react'
import {
  DEFECT_NOTE_MESSAGE,
  DEFECT_SEVERITY_MESSAGE,
  NOTE_MAX_LENGTH,
  type DefectSeverity,
  type ItemResultValue,
} from '../../../core/contract/dvir.ts'
import type { ItemResultPayload } from '../../outbox/outbox-db.ts'
import { t } from '../../i18n/translate.ts'
import { resultLabel, severityLabel } from '../../ui/dvir-labels.ts'

export interface ItemResultFieldsProps {
  item: string
  saved: ItemResultPayload | undefined
  /** The server's message for this item's last result, when it refused it. */
  refusal: string | null
  onSave: (result: ItemResultPayload) => Promise<void>
  onIncomplete: (incomplete: boolean) => void
}

const choiceClass =
  'flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 px-3 py-2 font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40'

export function ItemResultFields({ item, saved, refusal, onSave, onIncomplete }: ItemResultFieldsProps) {
  const id = useId()
  const [result, setResult] = useState<ItemResultValue>(saved?.result ?? 'ok')
  const [severity, setSeverity] = useState<DefectSeverity | null>(saved?.severity ?? null)
  const [note, setNote] = useState(saved?.note ?? '')
  const [problem, setProblem] = useState<string | null>(null)

  const save = async (next: { result: ItemResultValue; severity: DefectSeverity | null; note: string }, strict: boolean) => {
    if (next.result === 'defect' && (!next.severity || !next.note.trim())) {
      onIncomplete(true)
      if (strict) setProblem(!next.severity ? DEFECT_SEVERITY_MESSAGE : DEFECT_NOTE_MESSAGE)
      return
    }
    onIncomplete(false)
    setProblem(null)
    try {
      await onSave({ item, result: next.result, severity: next.result === 'defect' ? next.severity : null, note: next.result === 'defect' ? next.note.trim() : '' })
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    }
  }

  const chooseResult = (value: ItemResultValue) => {
    setResult(value)
    void save({ result: value, severity, note }, false)
  }
  const chooseSeverity = (value: DefectSeverity) => {
    setSeverity(value)
    void save({ result, severity: value, note }, false)
  }

  const message = problem ?? refusal
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-strokedark">
      <legend className="px-1 text-sm font-semibold">{t('Result for {item}', { item })}</legend>
      <div className="flex gap-2">
        {(['ok', 'defect'] as const).map((value) => (
          <label
            key={value}
            className={`${choiceClass} ${
              result === value
                ? value === 'ok'
                  ? 'border-green-600 bg-green-50 text-green-800 dark:bg-green-950/40 dark:text-green-200'
                  : 'border-red-600 bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200'
                : 'border-slate-200 dark:border-strokedark'
            }`}
          >
            <input type="radio" name={`${id}-result`} value={value} checked={result === value} onChange={() => chooseResult(value)} className="accent-primary" />
            {resultLabel(value)}
          </label>
        ))}
      </div>
      {result === 'defect' && (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">{t('Severity')}</legend>
            <div className="flex gap-2">
              {(['minor', 'out-of-service'] as const).map((value) => (
                <label key={value} className={`${choiceClass} ${severity === value ? 'border-primary bg-primary/5' : 'border-slate-200 dark:border-strokedark'}`}>
                  <input type="radio" name={`${id}-severity`} value={value} checked={severity === value} onChange={() => chooseSeverity(value)} className="accent-primary" />
                  {severityLabel(value)}
                </label>
              ))}
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('Minor: safe to operate. Out of service: the unit must not run until repaired.')}</p>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-note`} className="text-sm font-medium">
              {t('Defect note')}
            </label>
            <textarea
              id={`${id}-note`}
              value={note}
              rows={2}
              maxLength={NOTE_MAX_LENGTH}
              placeholder={t('What is wrong?')}
              onChange={(event) => setNote(event.target.value)}
              onBlur={() => void save({ result, severity, note }, true)}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2"
            />
          </div>
        </>
      )}
      {message && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </fieldset>
  )
}
