// Create / edit a unit (spec §5): every field but Plate Number is required; the VIN is sent without
// whitespace and upper-cased; picking a type selects its default sub type. A failed save keeps what
// was typed and shows why: under the field the server names ('Make is too long (at most 100
// characters).', a duplicate VIN: 'The current VIN is existing in the system.'), else above the form.
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'react-hot-toast'
import type { UnitTypeFull } from '../../../core/contract/unit-types.ts'
import { MIN_UNIT_YEAR, maxUnitYear, VIN_MAX_LENGTH, type Unit } from '../../../core/contract/units.ts'
import { formErrorOf } from '../../api/error-message.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { initialUnitFormValues, subTypeAfterTypeChange, unitBodyOf, type UnitFormValues } from './unit-form-values.ts'
import { useCreateUnit } from './use-create-unit.ts'
import { useUpdateUnit } from './use-update-unit.ts'
import { t } from '../../i18n/translate.ts'

export interface UnitFormModalProps {
  unitTypes: readonly UnitTypeFull[]
  companyId: string
  /** The unit to edit; absent to create one. */
  unit?: Unit
  onClose: () => void
}

/** The form's fields, named as the request body names them, so a server message can find its field. */
const UNIT_FORM_FIELDS = ['unitTypeId', 'unitSubTypeId', 'make', 'model', 'unitNumber', 'year', 'vin', 'plate_number'] as const satisfies readonly (keyof UnitFormValues)[]

// `label` is the field's label as shown (already translated).
const required = (label: string) => ({ required: t('{label} is required.', { label }), validate: (value: string) => value.trim() !== '' || t('{label} is required.', { label }) })

export function UnitFormModal({ unitTypes, companyId, unit, onClose }: UnitFormModalProps) {
  const create = useCreateUnit()
  const update = useUpdateUnit()
  const save = unit ? update : create
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<UnitFormValues>({ defaultValues: initialUnitFormValues(unitTypes, unit) })
  const chosenTypeId = useWatch({ control, name: 'unitTypeId' })
  // Controlled: a type change sets the sub type before the new type's options exist in the DOM.
  const chosenSubTypeId = useWatch({ control, name: 'unitSubTypeId' })
  const chosenType = unitTypes.find((type) => type._id === chosenTypeId)

  const onSubmit = handleSubmit(async (values) => {
    const body = unitBodyOf(values, companyId)
    try {
      const saved = unit ? await update.mutateAsync({ unitId: unit._id, body }) : await create.mutateAsync(body)
      toast.success(saved.message)
      onClose()
    } catch (error) {
      // The typed values stay; the message goes under its field, or above the form (saveError below).
      const shown = formErrorOf(error, UNIT_FORM_FIELDS)
      if (shown?.field) setError(shown.field, { type: 'server', message: shown.message }, { shouldFocus: true })
    }
  })
  const saveError = formErrorOf(save.error, UNIT_FORM_FIELDS)

  return (
    <Modal title={unit ? t('Edit Unit') : t('Create Unit')} onClose={onClose} size="lg">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {saveError && !saveError.field && <AlertBanner message={saveError.message} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('Type')}
            error={errors.unitTypeId?.message}
            {...register('unitTypeId', {
              ...required(t('Type')),
              onChange: (event: { target: { value: string } }) =>
                setValue('unitSubTypeId', subTypeAfterTypeChange(unitTypes, event.target.value), { shouldValidate: true }),
            })}
          >
            <option value="">{t('Select type')}</option>
            {unitTypes.map((type) => (
              <option key={type._id} value={type._id}>
                {type.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('Sub Type')} error={errors.unitSubTypeId?.message} {...register('unitSubTypeId', required(t('Sub Type')))} value={chosenSubTypeId}>
            <option value="">{t('Select sub type')}</option>
            {chosenType?.subTypes.map((subType) => (
              <option key={subType._id} value={subType._id}>
                {subType.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t('Make')} autoComplete="off" error={errors.make?.message} {...register('make', required(t('Make')))} />
          <TextField label={t('Model')} autoComplete="off" error={errors.model?.message} {...register('model', required(t('Model')))} />
          <TextField label={t('Unit #')} autoComplete="off" error={errors.unitNumber?.message} {...register('unitNumber', required(t('Unit #')))} />
          <TextField
            label={t('Year')}
            type="number"
            inputMode="numeric"
            min={MIN_UNIT_YEAR}
            max={maxUnitYear()}
            error={errors.year?.message}
            {...register('year', required(t('Year')))}
          />
          <TextField
            label={t('VIN')}
            autoComplete="off"
            spellCheck={false}
            // Room for pasted spaces: they are removed before sending.
            maxLength={VIN_MAX_LENGTH * 2}
            error={errors.vin?.message}
            {...register('vin', required(t('VIN')))}
          />
          <TextField label={t('Plate Number')} autoComplete="off" error={errors.plate_number?.message} {...register('plate_number')} />
        </div>
        <FormActions onCancel={onClose} pending={save.isPending} submitLabel={unit ? t('Update') : t('Create')} />
      </form>
    </Modal>
  )
}
