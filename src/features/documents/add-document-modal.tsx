// The Add document modal (spec §2 "App documents", "Documents tab", §5): a file (image or PDF), its File
// Name (required), and — on /app-documents — where it belongs: 'All units' (owner) or chosen Units, the
// two excluding each other; 'Visible to driver' (owner, on by default). On a unit's tab the document
// belongs to that unit. Errors show inline and everything typed stays.
import { useId, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import * as v from 'valibot'
import { DOCUMENT_FILE_ACCEPT, MAX_DOCUMENT_BYTES } from '../../../core/contract/documents.ts'
import { ExpiryDate } from '../../../core/contract/reminder-fields.ts'
import { useFieldErrors } from '../../api/use-field-errors.ts'
import { FILE_TOO_LARGE_MESSAGE } from '../../../core/contract/media-limits.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { CheckboxField } from '../../ui/checkbox-field.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import type { DocumentsScope } from './documents-query.ts'
import { driverUnitChoicesQuery, ownerUnitChoicesQuery, type UnitChoice } from './unit-choices-query.ts'
import { useCreateDocument } from './use-create-document.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export const DOCUMENT_SAVED_MESSAGE = m('Document has been saved successfully.')

export interface AddDocumentModalProps {
  scope: DocumentsScope
  isOwner: boolean
  userId: string
  companyId: string
  onClose: () => void
}

/** The chosen file's name without its extension: a sensible File Name until the user types one. */
export function suggestedFileName(file: File): string {
  return file.name.replace(/\.[^.]+$/, '')
}

export function AddDocumentModal({ scope, isOwner, userId, companyId, onClose }: AddDocumentModalProps) {
  const create = useCreateDocument()
  const [file, setFile] = useState<File | null>(null)
  const [fileName, setFileName] = useState('')
  const [allUnits, setAllUnits] = useState(false)
  const [unitIds, setUnitIds] = useState<readonly string[]>(() => (scope.kind === 'unit' ? [scope.unitId] : []))
  const [showForDrivers, setShowForDrivers] = useState(true)
  const [expiresOn, setExpiresOn] = useState('')
  const [errors, setErrors] = useState<{ file?: string; fileName?: string; units?: string }>({})
  // The expiry date is checked with the server's own date rule; what the server refuses shows under its field.
  const checks = useFieldErrors(['files', 'fileName', 'units', 'expiresOn'], create.error)
  const fileError = errors.file ?? checks.errorOf('files')
  const fileInputId = useId()
  const hintId = useId()

  const chooseFile = (chosen: File | null) => {
    setFile(chosen)
    setErrors((previous) => ({ ...previous, file: chosen && chosen.size > MAX_DOCUMENT_BYTES ? FILE_TOO_LARGE_MESSAGE : undefined }))
    if (chosen && fileName.trim() === '') setFileName(suggestedFileName(chosen))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: typeof errors = {}
    if (!file) found.file = t('Choose a file to upload.')
    else if (file.size > MAX_DOCUMENT_BYTES) found.file = FILE_TOO_LARGE_MESSAGE
    if (fileName.trim() === '') found.fileName = 'File Name is required.'
    // The server keeps a driver's document to the units they choose, so one is needed.
    if (!isOwner && unitIds.length === 0) found.units = t('Choose at least one of your units.')
    setErrors(found)
    const datePasses = checks.passes(v.object({ expiresOn: ExpiryDate }), { expiresOn })
    if (!file || Object.keys(found).length > 0 || !datePasses) return
    try {
      await create.mutateAsync({ file, fileName, allUnits: isOwner && allUnits, showForDrivers: !isOwner || showForDrivers, unitIds, expiresOn })
      toast.success(tr(DOCUMENT_SAVED_MESSAGE))
      onClose()
    } catch {
      // Shown inline below; the form keeps its values.
    }
  }

  return (
    <Modal title={t('Add Document')} onClose={onClose} size="lg">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {checks.banner && <AlertBanner message={checks.banner} />}
        <div className="flex flex-col gap-2">
          <span className="font-medium text-slate-800 dark:text-white">{t('File')}</span>
          <label
            htmlFor={fileInputId}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-md border-2 border-dashed border-slate-300 px-4 py-5 text-center text-sm transition focus-within:outline-2 focus-within:outline-primary hover:border-primary dark:border-strokedark"
          >
            <span className="font-medium text-primary dark:text-indigo-300">{file ? file.name : 'Click to upload'}</span>
            <span id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
              {t('SVG, PNG, JPG or GIF')}
            </span>
            <input
              id={fileInputId}
              type="file"
              accept={DOCUMENT_FILE_ACCEPT}
              aria-label={t('File')}
              aria-describedby={fileError ? `${hintId} ${fileInputId}-error` : hintId}
              aria-invalid={fileError ? true : undefined}
              className="sr-only"
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            />
          </label>
          {fileError && (
            <p id={`${fileInputId}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {fileError}
            </p>
          )}
        </div>
        <TextField label={t('File Name')} name="fileName" required maxLength={200} value={fileName} error={errors.fileName ?? checks.errorOf('fileName')} onChange={(event) => setFileName(event.target.value)} />
        {/* Optional: reminders go out 30, 7 and 0 days before (issue 15). */}
        <TextField
          label={t('Expiry date (optional)')}
          type="date"
          name="expiresOn"
          error={checks.errorOf('expiresOn')}
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
        {scope.kind === 'app' && (
          <>
            {isOwner && (
              <CheckboxField
                label={t('All units')}
                checked={allUnits}
                disabled={unitIds.length > 0}
                onChange={(event) => setAllUnits(event.target.checked)}
              />
            )}
            <UnitsPicker
              isOwner={isOwner}
              userId={userId}
              companyId={companyId}
              disabled={allUnits}
              chosen={unitIds}
              onChange={setUnitIds}
              error={errors.units ?? checks.errorOf('units') ?? undefined}
            />
          </>
        )}
        {isOwner && <CheckboxField label={t('Visible to driver')} checked={showForDrivers} onChange={(event) => setShowForDrivers(event.target.checked)} />}
        <FormActions onCancel={onClose} pending={create.isPending} submitLabel={t('Create')} />
      </form>
    </Modal>
  )
}

interface UnitsPickerProps {
  isOwner: boolean
  userId: string
  companyId: string
  disabled: boolean
  chosen: readonly string[]
  onChange: (unitIds: readonly string[]) => void
  error?: string | undefined
}

/** Past this many matches the picker asks for a narrower filter instead of rendering thousands of rows. */
export const MAX_LISTED_UNITS = 100

/** Units whose number or VIN contains `term` (case-insensitive), the chosen ones first. */
export function listedUnitChoices(units: readonly UnitChoice[], chosen: readonly string[], term: string): UnitChoice[] {
  const needle = term.trim().toLowerCase()
  const matches = units.filter((unit) => !needle || unit.unitNumber.toLowerCase().includes(needle) || unit.vin.toLowerCase().includes(needle))
  return [...matches.filter((unit) => chosen.includes(unit._id)), ...matches.filter((unit) => !chosen.includes(unit._id))]
}

/** The Units multi-select: a checkbox per unit, so it works by keyboard and on a phone. */
function UnitsPicker({ isOwner, userId, companyId, disabled, chosen, onChange, error }: UnitsPickerProps) {
  const ownerChoices = useQuery({ ...ownerUnitChoicesQuery(companyId), enabled: isOwner })
  const driverChoices = useQuery({ ...driverUnitChoicesQuery(userId, companyId), enabled: !isOwner })
  const choices = isOwner ? ownerChoices : driverChoices
  const [filter, setFilter] = useState('')
  const errorId = useId()
  const filterId = useId()
  const toggle = (unitId: string, on: boolean) => onChange(on ? [...chosen, unitId] : chosen.filter((id) => id !== unitId))
  const listed = choices.data ? listedUnitChoices(choices.data, chosen, filter) : []
  return (
    <fieldset disabled={disabled} aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2 disabled:opacity-60">
      <legend className="mb-2 font-medium text-slate-800 dark:text-white">{t('Units')}</legend>
      {choices.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('Loading...')}
        </p>
      ) : choices.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {choices.error.message}
        </p>
      ) : choices.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('No units to choose from.')}</p>
      ) : (
        <>
          {choices.data.length > 8 && (
            <>
              <label htmlFor={filterId} className="sr-only">
                {t('Filter units')}
              </label>
              <input
                id={filterId}
                type="search"
                placeholder={t('Filter units...')}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 dark:border-strokedark dark:bg-boxdark-2 dark:text-white"
              />
            </>
          )}
          <ul aria-label={t('Units')} className="max-h-48 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-strokedark">
            {listed.slice(0, MAX_LISTED_UNITS).map((unit) => (
              <li key={unit._id} className="py-1">
                <CheckboxField
                  label={`${unit.unitNumber} · ${unit.vin}`}
                  checked={chosen.includes(unit._id)}
                  onChange={(event) => toggle(unit._id, event.target.checked)}
                />
              </li>
            ))}
          </ul>
          {listed.length > MAX_LISTED_UNITS && (
            <p className="text-xs text-slate-600 dark:text-slate-300">
              {t('Showing {shown} of {count} units. Type in the filter to find others.', { shown: MAX_LISTED_UNITS, count: listed.length })}
            </p>
          )}
          {chosen.length > 0 && <p className="text-xs text-slate-600 dark:text-slate-300">{t('{count} chosen', { count: chosen.length })}</p>}
        </>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}
