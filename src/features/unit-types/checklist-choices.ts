// The 'Inspection types' modal of a sub type (spec §2): every inspection type, whether the sub type's
// checklist includes it, and whether it asks for a photo (the default, spec §9) or a video.
import type { InspectionType } from '../../../core/contract/inspection-types.ts'
import type { MediaKind, SubTypeInspectionType } from '../../../core/contract/units.ts'

export interface ChecklistChoice {
  inspectionType: InspectionType
  included: boolean
  kind: MediaKind
}

/** Every inspection type, marked with the sub type's current choices. */
export function checklistChoices(all: readonly InspectionType[], current: readonly SubTypeInspectionType[]): ChecklistChoice[] {
  const chosen = new Map(current.map((item) => [item._id, item.type]))
  return all.map((inspectionType) => ({
    inspectionType,
    included: chosen.has(inspectionType._id),
    kind: chosen.get(inspectionType._id) ?? 'photo',
  }))
}

/** The `inspectionsTypes` a PUT sends: the included types, in list order, each with its kind. */
export function checklistBody(choices: readonly ChecklistChoice[]): { _id: string; type: MediaKind }[] {
  return choices.filter((choice) => choice.included).map((choice) => ({ _id: choice.inspectionType._id, type: choice.kind }))
}
