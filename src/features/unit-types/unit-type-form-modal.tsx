// 'Add Unit Type' / 'Edit Unit Type' (spec §2 "Unit settings"): Name (required), Icon (Truck or
// Trailer), Default. Anyone but an owner sees 'Permission denied' instead of the form.
import { useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import type { UnitType, UnitTypeIcon } from '../../../core/contract/unit-types.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { CheckboxField } from '../../ui/checkbox-field.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { CatalogueIcon, iconLabel, UNIT_TYPE_ICON_NAMES } from '../../ui/icon-catalogue.tsx'
import { Modal } from '../../ui/modal.tsx'
import { PermissionDenied } from './permission-denied.tsx'
import { useCreateUnitType } from './use-create-unit-type.ts'
import { useUpdateUnitType } from './use-update-unit-type.ts'

export interface UnitTypeFormModalProps {
  unitType?: Pick<UnitType, '_id' | 'name' | 'icon' | 'isDefault'>
  isOwner: boolean
  onClose: () => void
}

export function UnitTypeFormModal({ unitType, isOwner, onClose }: UnitTypeFormModalProps) {
  const title = unitType ? 'Edit Unit Type' : 'Add Unit Type'
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
  const [name, setName] = useState(unitType?.name ?? '')
  const [icon, setIcon] = useState<UnitTypeIcon>(unitType?.icon ?? 'fa-truck')
  const [isDefault, setIsDefault] = useState(unitType?.isDefault ?? false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { name: name.trim(), icon, isDefault }
    try {
      const saved = unitType ? await update.mutateAsync({ unitTypeId: unitType._id, body }) : await create.mutateAsync(body)
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
      <div className="flex items-end gap-3">
        <div className="flex-1">
          <SelectField label="Icon" value={icon} onChange={(event) => setIcon(event.target.value as UnitTypeIcon)}>
            {UNIT_TYPE_ICON_NAMES.map((option) => (
              <option key={option} value={option}>
                {iconLabel(option)}
              </option>
            ))}
          </SelectField>
        </div>
        <CatalogueIcon name={icon} className="mb-3 h-7 w-7 text-primary" />
      </div>
      <CheckboxField label="Default" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending}>
          {unitType ? 'Update' : 'Create'}
        </Button>
      </div>
    </form>
  )
}
