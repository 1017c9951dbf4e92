// Add / edit an inspection type (spec §2 "Inspection types"): Name (required) and one icon of the catalogue.
import { useState, type FormEvent } from 'react'
import type { InspectionType } from '../../../core/contract/inspection-types.ts'
import { formErrorOf } from '../../api/error-message.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { iconLabel, INSPECTION_ICON_NAMES } from '../../ui/icon-catalogue.tsx'
import { IconSelectField } from '../../ui/icon-select-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { saveAndClose } from '../../lib/save-and-close.ts'
import { useCreateInspectionType } from './use-create-inspection-type.ts'
import { useUpdateInspectionType } from './use-update-inspection-type.ts'
import { t } from '../../i18n/translate.ts'

const iconOptions = [...INSPECTION_ICON_NAMES].sort((a, b) => iconLabel(a).localeCompare(iconLabel(b)))

export function InspectionTypeFormModal({ inspectionType, onClose }: { inspectionType?: InspectionType; onClose: () => void }) {
  const create = useCreateInspectionType()
  const update = useUpdateInspectionType()
  const save = inspectionType ? update : create
  // A duplicate or too long name shows under Name; anything else above the form.
  const saveError = formErrorOf(save.error, ['name'])
  const [name, setName] = useState(inspectionType?.name ?? '')
  const [icon, setIcon] = useState(inspectionType?.icon ?? 'checklist')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { name: name.trim(), icon }
    await saveAndClose(async () => (inspectionType ? await update.mutateAsync({ inspectionTypeId: inspectionType._id, body }) : await create.mutateAsync(body)).message, onClose)
  }

  return (
    <Modal title={inspectionType ? t('Edit Inspection Type') : t('Add Inspection Type')} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {saveError && !saveError.field && <AlertBanner message={saveError.message} />}
        <TextField label={t('Name')} required error={saveError?.field === 'name' ? saveError.message : null} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        <IconSelectField<string> value={icon} options={iconOptions} onChange={setIcon} />
        <FormActions onCancel={onClose} pending={save.isPending} submitLabel={inspectionType ? t('Update') : t('Create')} />
      </form>
    </Modal>
  )
}
