// 'Add Unit Type' / 'Edit Unit Type' (spec §2 "Unit settings"): Name (required), Icon (Truck or
// Trailer), Default. Anyone but an owner sees 'Permission denied' instead of the form.
import { useState, type FormEvent } from 'react'
import type { UnitType, UnitTypeIcon } from '../../../core/contract/unit-types.ts'
import { formErrorOf } from '../../api/error-message.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { CheckboxField } from '../../ui/checkbox-field.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { UNIT_TYPE_ICON_NAMES } from '../../ui/icon-catalogue.tsx'
import { IconSelectField } from '../../ui/icon-select-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { saveAndClose } from '../../lib/save-and-close.ts'
import { PermissionDenied } from './permission-denied.tsx'
import { useCreateUnitType } from './use-create-unit-type.ts'
import { useUpdateUnitType } from './use-update-unit-type.ts'
import { t } from '../../i18n/translate.ts'

export interface UnitTypeFormModalProps {
  unitType?: Pick<UnitType, '_id' | 'name' | 'icon' | 'isDefault'>
  isOwner: boolean
  onClose: () => void
}

export function UnitTypeFormModal({ unitType, isOwner, onClose }: UnitTypeFormModalProps) {
  const title = unitType ? t('Edit Unit Type') : t('Add Unit Type')
  return (
    <Modal title={title} onClose={onClose}>
      {isOwner ? <UnitTypeForm unitType={unitType} onClose={onClose} /> : <PermissionDenied />}
    </Modal>
  )
}

function UnitTypeForm({ unitType, onClose }: Omit<UnitTypeFormModalProps, 'isOwner'>) {
  const create = useCreateUnitType()
  const update = useUpdateUnitType()
  const save = unitType ? update : create
  // A duplicate or too long name shows under Name; anything else above the form.
  const saveError = formErrorOf(save.error, ['name'])
  const [name, setName] = useState(unitType?.name ?? '')
  const [icon, setIcon] = useState<UnitTypeIcon>(unitType?.icon ?? 'fa-truck')
  const [isDefault, setIsDefault] = useState(unitType?.isDefault ?? false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { name: name.trim(), icon, isDefault }
    await saveAndClose(async () => (unitType ? await update.mutateAsync({ unitTypeId: unitType._id, body }) : await create.mutateAsync(body)).message, onClose)
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {saveError && !saveError.field && <AlertBanner message={saveError.message} />}
      <TextField label={t('Name')} required error={saveError?.field === 'name' ? saveError.message : null} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      <IconSelectField<UnitTypeIcon> value={icon} options={UNIT_TYPE_ICON_NAMES} onChange={setIcon} />
      <CheckboxField label={t('Default')} checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
      <FormActions onCancel={onClose} pending={save.isPending} submitLabel={unitType ? t('Update') : t('Create')} />
    </form>
  )
}
