// An icon picked from the catalogue by name, with the chosen icon drawn beside the select.
import { SelectField } from './form-field.tsx'
import { CatalogueIcon, iconLabel } from './icon-catalogue.tsx'
import { t } from '../i18n/translate.ts'

export interface IconSelectFieldProps<Name extends string> {
  value: Name
  options: readonly Name[]
  onChange: (name: Name) => void
}

export function IconSelectField<Name extends string>({ value, options, onChange }: IconSelectFieldProps<Name>) {
  return (
    <div className="flex items-end gap-3">
      <div className="flex-1">
        <SelectField label={t('Icon')} value={value} onChange={(event) => onChange(event.target.value as Name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {iconLabel(option)}
            </option>
          ))}
          {/* An icon name the catalogue no longer has stays selectable rather than silently changing. */}
          {!options.includes(value) && <option value={value}>{value}</option>}
        </SelectField>
      </div>
      <CatalogueIcon name={value} className="mb-3 h-7 w-7 text-primary" />
    </div>
  )
}
