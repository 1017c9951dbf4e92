// Add / edit a unit sub type (spec §2 "Unit sub types"): Name (required), Default, 'Change oil'.
// Anyone but an owner sees 'Permission denied' instead of the form.
import { useState, type FormEvent } from 'react'
import type { UnitSubType } from '../../../core/contract/unit-types.ts'
import { formErrorOf } from '../../api/error-message.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { CheckboxField } from '../../ui/checkbox-field.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { Modal } from '../../ui/modal.tsx'
import { saveAndClose } from '../../lib/save-and-close.ts'
import { PermissionDenied } from './permission-denied.tsx'
import { useCreateSubType } from './use-create-sub-type.ts'
import { useUpdateSubType } from './use-update-sub-type.ts'
import { t } from '../../i18n/translate.ts'

export interface SubTypeFormModalProps {
  unitTypeId: string
  subType?: UnitSubType
  isOwner: boolean
  onClose: () => void
}

export function SubTypeFormModal({ isOwner, ...props }: SubTypeFormModalProps) {
  return (
    <Modal title={props.subType ? t('Edit Unit Sub Type') : t('Add Unit Sub Type')} onClose={props.onClose}>
      {isOwner ? <SubTypeForm {...props} /> : <PermissionDenied />}
    </Modal>
  )
}

function SubTypeForm({ unitTypeId, subType, onClose }: Omit<SubTypeFormModalProps, 'isOwner'>) {
  const create = useCreateSubType(unitTypeId)
  const update = useUpdateSubType(unitTypeId)
  const save = subType ? update : create
  // A duplicate or too long name shows under Name; anything else above the form.
  const saveError = formErrorOf(save.error, ['name'])
  const [name, setName] = useState(subType?.name ?? '')
  const [isDefault, setIsDefault] = useState(subType?.isDefault ?? false)
  const [changeOil, setChangeOil] = useState(subType?.changeOil ?? false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { name: name.trim(), isDefault, changeOil }
    await saveAndClose(async () => (subType ? await update.mutateAsync({ subTypeId: subType._id, body }) : await create.mutateAsync(body)).message, onClose)
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {saveError && !saveError.field && <AlertBanner message={saveError.message} />}
      <TextField label={t('Name')} required error={saveError?.field === 'name' ? saveError.message : null} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      <CheckboxField label={t('Default')} checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
      <CheckboxField label={t('Change oil')} checked={changeOil} onChange={(event) => setChangeOil(event.target.checked)} />
      <FormActions onCancel={onClose} pending={save.isPending} submitLabel={subType ? t('Update') : t('Create')} />
    </form>
  )
}
