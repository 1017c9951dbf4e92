// 'Inspection types' of a sub type (spec §2): a table of every inspection type (built-in and the
// company's) with an include checkbox, a photo/video switch, its icon and name. Saved as the sub
// type's checklist.
import { Suspense, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { UnitSubType } from '../../../core/contract/unit-types.ts'
import { inspectionTypesQuery } from '../../api/inspection-types.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { saveAndClose } from '../../lib/save-and-close.ts'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { Modal } from '../../ui/modal.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { checklistBody, checklistChoices, type ChecklistChoice } from './checklist-choices.ts'
import { PermissionDenied } from './permission-denied.tsx'
import { useUpdateSubType } from './use-update-sub-type.ts'
import { t } from '../../i18n/translate.ts'

export interface SubTypeInspectionTypesModalProps {
  unitTypeId: string
  subType: UnitSubType
  isOwner: boolean
  onClose: () => void
}

export function SubTypeInspectionTypesModal({ isOwner, ...props }: SubTypeInspectionTypesModalProps) {
  return (
    <Modal title={t('Inspection types')} onClose={props.onClose} size="lg">
      {isOwner ? (
        <Suspense fallback={<SkeletonList count={5} label={t('Loading inspection types')} />}>
          <ChecklistForm {...props} />
        </Suspense>
      ) : (
        <PermissionDenied />
      )}
    </Modal>
  )
}

function ChecklistForm({ unitTypeId, subType, onClose }: Omit<SubTypeInspectionTypesModalProps, 'isOwner'>) {
  const { data: inspectionTypes } = useSuspenseQuery(inspectionTypesQuery())
  const [choices, setChoices] = useState(() => checklistChoices(inspectionTypes, subType.inspectionsTypes))
  const update = useUpdateSubType(unitTypeId)

  const change = (id: string, patch: Partial<ChecklistChoice>) =>
    setChoices((current) => current.map((choice) => (choice.inspectionType._id === id ? { ...choice, ...patch } : choice)))

  const save = async () => {
    await saveAndClose(async () => (await update.mutateAsync({ subTypeId: subType._id, body: { inspectionsTypes: checklistBody(choices) } })).message, onClose)
  }

  return (
    <div className="flex flex-col gap-4">
      {update.error && <AlertBanner message={update.error.message} />}
      {choices.length === 0 ? (
        <p className="text-slate-500 dark:text-slate-400">{t('No Inspection Types Created')}</p>
      ) : (
        <div className="overflow-auto rounded-md border border-slate-200 dark:border-strokedark">
          <table className="w-full text-sm" aria-label={t('Inspection types of {name}', { name: subType.name })}>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-boxdark-2 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('Include')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('Photo / Video')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('Icon')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('Name')}
                </th>
              </tr>
            </thead>
            <tbody>
              {choices.map(({ inspectionType, included, kind }) => (
                <tr key={inspectionType._id} className="border-t border-slate-200 dark:border-strokedark">
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={t('Include {name}', { name: inspectionType.name })}
                      checked={included}
                      onChange={(event) => change(inspectionType._id, { included: event.target.checked })}
                      className="h-5 w-5 accent-primary"
                    />
                  </td>
                  <td className="px-3 py-2">
                    <KindSwitch name={inspectionType.name} kind={kind} disabled={!included} onChange={(next) => change(inspectionType._id, { kind: next })} />
                  </td>
                  <td className="px-3 py-2">
                    <CatalogueIcon name={inspectionType.icon} className="h-5 w-5 text-primary" />
                  </td>
                  <td className="px-3 py-2">{inspectionType.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormActions onCancel={onClose} pending={update.isPending} submitLabel={t('Save')} onConfirm={() => void save()} />
    </div>
  )
}

/** Off = photo (the default), on = video. */
function KindSwitch({ name, kind, disabled, onChange }: { name: string; kind: 'photo' | 'video'; disabled: boolean; onChange: (kind: 'photo' | 'video') => void }) {
  const video = kind === 'video'
  return (
    <button
      type="button"
      role="switch"
      aria-checked={video}
      aria-label={t('Video for {name}', { name })}
      disabled={disabled}
      onClick={() => onChange(video ? 'photo' : 'video')}
      className="inline-flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
    >
      <span className={`relative h-5 w-9 rounded-full transition ${video ? 'bg-primary' : 'bg-slate-300 dark:bg-slate-600'}`}>
        <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${video ? 'left-4.5' : 'left-0.5'}`} />
      </span>
      <span className="w-10 text-left text-xs font-medium">{video ? t('Video') : t('Photo')}</span>
    </button>
  )
}
