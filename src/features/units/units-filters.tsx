// The type/subtype and status filters of the units list (spec §2). At a desk they sit beside the search
// box (the table's column headers sort); on a phone they live in a drawer opened by a 'Filters' button,
// with the order beside them, since cards have no headers.
import { useId, useState } from 'react'
import type { UnitTypeFull } from '../../../core/contract/unit-types.ts'
import type { UrlUnitSort } from './unit-sort.ts'
import { Button } from '../../ui/button.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { Modal } from '../../ui/modal.tsx'
import { UNIT_STATUS_FILTERS, type UnitsSearch } from './units-search-params.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export interface UnitFilterValues {
  type?: string
  status?: UnitsSearch['status']
  sort?: UrlUnitSort
}

/** The drawer's order choices; '' is the default, newest first. */
const SORT_CHOICES: readonly { value: NonNullable<UrlUnitSort> | ''; label: string }[] = [
  { value: '', label: m('Newest first') },
  { value: 'unitNumber', label: m('Unit # (A to Z)') },
  { value: '-unitNumber', label: m('Unit # (Z to A)') },
  { value: 'vin', label: m('VIN (A to Z)') },
  { value: '-vin', label: m('VIN (Z to A)') },
  { value: 'make', label: m('Make (A to Z)') },
  { value: '-make', label: m('Make (Z to A)') },
  { value: 'model', label: m('Model (A to Z)') },
  { value: '-model', label: m('Model (Z to A)') },
  { value: 'year', label: m('Year (oldest first)') },
  { value: '-year', label: m('Year (newest first)') },
  { value: 'status', label: m('Status (A to Z)') },
  { value: '-status', label: m('Status (Z to A)') },
]

function SortSelect({ values, onChange }: Pick<UnitFilterProps, 'values' | 'onChange'>) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('Sort by')}
      </label>
      <select id={id} className={selectClass} value={values.sort ?? ''} onChange={(event) => onChange({ sort: (event.target.value || undefined) as UrlUnitSort })}>
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {tr(choice.label)}
          </option>
        ))}
      </select>
    </div>
  )
}

interface UnitFilterProps {
  unitTypes: readonly UnitTypeFull[]
  values: UnitFilterValues
  onChange: (change: UnitFilterValues) => void
}

const selectClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 dark:border-strokedark dark:bg-boxdark-2 dark:text-white'

function FilterSelects({ unitTypes, values, onChange, stacked }: UnitFilterProps & { stacked: boolean }) {
  const typeId = useId()
  const statusId = useId()
  const labelClass = stacked ? 'mb-1 block text-sm font-medium' : 'sr-only'
  return (
    <>
      <div className={stacked ? '' : 'w-full sm:w-56'}>
        <label htmlFor={typeId} className={labelClass}>
          {t('Type')}
        </label>
        <select
          id={typeId}
          className={selectClass}
          value={values.type ?? ''}
          onChange={(event) => onChange({ type: event.target.value || undefined })}
        >
          <option value="">{t('Select type')}</option>
          {unitTypes.map((type) => [
            <option key={type._id} value={type._id}>
              {type.name}
            </option>,
            ...type.subTypes.map((subType) => (
              <option key={subType._id} value={subType._id}>
                {`${type.name} / ${subType.name}`}
              </option>
            )),
          ])}
          {/* A type from a shared link that this company no longer has still shows as chosen. */}
          {values.type && !unitTypes.some((type) => type._id === values.type || type.subTypes.some((sub) => sub._id === values.type)) && (
            <option value={values.type}>{t('Unknown type')}</option>
          )}
        </select>
      </div>
      <div className={stacked ? '' : 'w-full sm:w-48'}>
        <label htmlFor={statusId} className={labelClass}>
          {t('Status')}
        </label>
        <select
          id={statusId}
          className={selectClass}
          value={values.status ?? ''}
          onChange={(event) => onChange({ status: (event.target.value || undefined) as UnitsSearch['status'] })}
        >
          <option value="">{t('Select status')}</option>
          {UNIT_STATUS_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {tr(filter.label)}
            </option>
          ))}
        </select>
      </div>
    </>
  )
}

export function UnitFiltersInline(props: UnitFilterProps) {
  return <FilterSelects {...props} stacked={false} />
}

export function UnitFiltersDrawer(props: UnitFilterProps) {
  const [open, setOpen] = useState(false)
  const active = (props.values.type ? 1 : 0) + (props.values.status ? 1 : 0)
  return (
    <>
      <span className="relative">
        <IconButton
          icon="filter"
          label={active ? t('Filters ({active} on)', { active }) : t('Filters')}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          className="h-10 w-10 border border-slate-300 dark:border-strokedark"
        />
        {active > 0 && (
          <span aria-hidden="true" className="absolute -right-1 -top-1 rounded-full bg-primary px-1.5 text-xs text-white">
            {active}
          </span>
        )}
      </span>
      {open && (
        <Modal title={t('Filters')} variant="drawer" onClose={() => setOpen(false)}>
          <div className="flex flex-col gap-4">
            <FilterSelects {...props} stacked />
            <SortSelect values={props.values} onChange={props.onChange} />
            <div className="flex gap-3">
              <Button variant="secondary" className="flex-1" onClick={() => props.onChange({ type: undefined, status: undefined })}>
                {t('Clear')}
              </Button>
              <Button className="flex-1" onClick={() => setOpen(false)}>
                {t('Done')}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </>
  )
}
