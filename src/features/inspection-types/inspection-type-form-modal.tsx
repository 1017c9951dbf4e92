// Add / edit an inspection type (spec §2 "Inspection types"): Name (required) and one icon of the catalogue.
import { useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import type { InspectionType } from '../../../core/contract/inspection-types.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { CatalogueIcon, iconLabel, INSPECTION_ICON_NAMES } from '../../ui/icon-catalogue.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useCreateInspectionType } from './use-create-inspection-type.ts'
import { useUpdateInspectionType } from './use-update-inspection-type.ts'

const iconOptions = [...INSPECTION_ICON_NAMES].sort((a, b) => iconLabel(a).localeCompare(iconLabel(b)))

export function InspectionTypeFormModal({ inspectionType, onClose }: { inspectionType?: InspectionType; onClose: () => void }) {
  const create = useCreateInspectionType()
  const update = useUpdateInspectionType()
  const save = inspectionType ? update : create
  const [name, setName] = useState(inspectionType?.name ?? '')
  const [icon, setIcon] = useState(inspectionType?.icon ?? 'checklist')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const body = { name: name.trim(), icon }
    try {
      const saved = inspectionType
        ? await update.mutateAsync({ inspectionTypeId: inspectionType._id, body })
        : await create.mutateAsync(body)
      toast.success(saved.message)
      onClose()
    } catch {
      // Shown inline; the typed values stay.
    }
  }

  return (
    <Modal title={inspectionType ? 'Edit Inspection Type' : 'Add Inspection Type'} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {save.error && <AlertBanner message={save.error.message} />}
        <TextField label="Name" required value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <SelectField label="Icon" value={icon} onChange={(event) => setIcon(event.target.value)}>
              {iconOptions.map((option) => (
                <option key={option} value={option}>
                  {iconLabel(option)}
                </option>
              ))}
              {/* An icon name this catalogue no longer has stays selectable rather than silently changing. */}
              {!iconOptions.some((option) => option === icon) && <option value={icon}>{icon}</option>}
            </SelectField>
          </div>
          <CatalogueIcon name={icon} className="mb-3 h-7 w-7 text-primary" />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={save.isPending}>
            {inspectionType ? 'Update' : 'Create'}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
