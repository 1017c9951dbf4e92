// 'Add Oil Change' (spec §5, §8): Change Date, and Next Change Date set to six months later whenever the
// Change Date is picked — both editable. The dates are checked with the server's own rule before sending
// (core/contract/dates.ts); a message shows under its field, or inline above; success toasts.
import { useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { OilChangeBody } from '../../../core/contract/units.ts'
import { defaultNextChangeDate, dayNumberOf, localIsoDate } from '../../../core/oil-status.ts'
import { useFieldErrors } from '../../api/use-field-errors.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useAddOilChange } from './use-add-oil-change.ts'
import { t } from '../../i18n/translate.ts'

export const OIL_SAVED_MESSAGE = 'Change Oil has been saved successfully.'

export function OilChangeModal({ unitId, onClose }: { unitId: string; onClose: () => void }) {
  const addOilChange = useAddOilChange(unitId)
  const [changeDate, setChangeDate] = useState(() => localIsoDate(new Date()))
  const [nextChangeDate, setNextChangeDate] = useState(() => defaultNextChangeDate(localIsoDate(new Date())))
  const [odometer, setOdometer] = useState('')
  const errors = useFieldErrors(['changeDate', 'nextChangeDate', 'odometer'], addOilChange.error)

  const pickChangeDate = (value: string) => {
    setChangeDate(value)
    // A half-typed date is left alone; a whole one moves the next change along with it.
    if (dayNumberOf(value) !== null) setNextChangeDate(defaultNextChangeDate(value))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { changeDate, nextChangeDate, odometer: odometer.trim() === '' ? null : odometer.trim() }
    if (!errors.passes(OilChangeBody, body)) return
    try {
      await addOilChange.mutateAsync(body)
      toast.success(OIL_SAVED_MESSAGE)
      onClose()
    } catch {
      // Shown inline; the dates stay as typed.
    }
  }

  return (
    <Modal title={t('Add Oil Change')} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {errors.banner && <AlertBanner message={errors.banner} />}
        <TextField
          label={t('Change Date')}
          type="date"
          name="changeDate"
          required
          error={errors.errorOf('changeDate')}
          value={changeDate}
          onChange={(event) => pickChangeDate(event.target.value)}
        />
        <TextField
          label={t('Next Change Date')}
          type="date"
          name="nextChangeDate"
          required
          error={errors.errorOf('nextChangeDate')}
          value={nextChangeDate}
          onChange={(event) => setNextChangeDate(event.target.value)}
        />
        {/* Optional: with the pre-trips' readings it tells when the next change is due by distance (issue 15). */}
        <TextField
          label={t('Odometer (optional)')}
          name="odometer"
          inputMode="numeric"
          autoComplete="off"
          error={errors.errorOf('odometer')}
          value={odometer}
          onChange={(event) => setOdometer(event.target.value)}
        />
        <FormActions onCancel={onClose} pending={addOilChange.isPending} submitLabel={t('Save')} />
      </form>
    </Modal>
  )
}
