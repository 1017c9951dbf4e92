// Add / edit a unit sub type (spec §2 "Unit sub types"): Name (required), Default, 'Change oil'.
// Anyone but an owner sees 'Permission denied' instead of the form.
import { useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import type { UnitSubType } from '../../../core/contract/unit-types.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { CheckboxField } from '../../ui/checkbox-field.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { PermissionDenied } from './permission-denied.tsx'
import { useCreateSubType } from './use-create-sub-type.ts'
import { useUpdateSubType } from './use-update-sub-type.ts'

export interface SubTypeFormModalProps {
  unitTypeId: string
  subType?: UnitSubType
  isOwner: boolean
  onClose: () => void
}

export function SubTypeFormModal({ isOwner, ...props }: SubTypeFormModalProps) {
  return (
    <Modal title={props.subType ? 'Edit Unit Sub Type' : 'Add Unit Sub Type'} onClose={props.onClose}>
      {isOwner ? <SubTypeForm {...props} /> : <PermissionDenied />}
    </Modal>
  )
}

function SubTypeForm({ unitTypeId, subType, onClose }: Omit<SubTypeFormModalProps, 'isOwner'>) {
  const create = useCreateSubType(unitTypeId)
  const update = useUpdateSubType(unitTypeId)
  const save = subType ? update : create
  const [name, setName] = useState(subType?.name ?? '')
  const [isDefault, setIsDefault] = useState(subType?.isDefault ?? false)
  const [changeOil, setChangeOil] = useState(subType?.changeOil ?? false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { name: name.trim(), isDefault, changeOil }
    try {
      const saved = subType ? await update.mutateAsync({ subTypeId: subType._id, body }) : await create.mutateAsync(body)
      toast.success(saved.message)
      onClose()
    } catch {
      // Shown inline; the typed values stay.
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {save.error && <AlertBanner message={save.error.message} />}
      <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      <CheckboxField label="Default" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
      <CheckboxField label="Change oil" checked={changeOil} onChange={(event) => setChangeOil(event.target.checked)} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending}>
          {subType ? 'Update' : 'Create'}
        </Button>
      </div>
    </form>
  )
}
