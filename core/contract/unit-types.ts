// Requests and responses of spec §7 "Unit types, sub types": the company's types (Truck, Trailer, …),
// their sub types, and the inspection types each sub type's checklist includes.
import * as v from 'valibot'
import { Id, TypeName } from './common.ts'
import { fieldMessages, type MediaKind, type SubTypeInspectionType } from './units.ts'

export const UNIT_TYPE_ICONS = ['fa-truck', 'fa-trailer'] as const
export type UnitTypeIcon = (typeof UNIT_TYPE_ICONS)[number]

const UnitTypeIconField = v.picklist(UNIT_TYPE_ICONS, 'Choose an icon.')
const Flag = (label: string) => v.boolean(`${label} must be true or false.`)

/** POST /unit-types */
export const UnitTypeBody = v.object(
  {
    name: TypeName('Name'),
    icon: UnitTypeIconField,
    isDefault: v.optional(Flag('Default'), false),
  },
  fieldMessages({ name: 'Name', icon: 'Icon' }),
)
export type UnitTypeBody = v.InferInput<typeof UnitTypeBody>

/** PUT /unit-types/{id}: only the fields sent change. */
export const UnitTypeUpdateBody = v.object(
  {
    name: v.optional(TypeName('Name')),
    icon: v.optional(UnitTypeIconField),
    isDefault: v.optional(Flag('Default')),
  },
  fieldMessages({}),
)
export type UnitTypeUpdateBody = v.InferInput<typeof UnitTypeUpdateBody>

export const MAX_CHECKLIST_ITEMS = 100

/** The checklist of a sub type as the Inspection types modal assigns it; kind defaults to photo (spec §9). */
export const SubTypeChecklist = v.pipe(
  v.array(
    v.object(
      {
        _id: Id,
        type: v.optional(v.picklist(['photo', 'video'] as const satisfies readonly MediaKind[], 'Choose photo or video.'), 'photo'),
      },
      fieldMessages({ _id: 'Inspection type' }),
    ),
    'Inspection types must be a list.',
  ),
  v.maxLength(MAX_CHECKLIST_ITEMS, 'Too many inspection types.'),
  v.check((items) => new Set(items.map((item) => item._id)).size === items.length, 'An inspection type is listed twice.'),
)

/** POST /unit-types/{unitTypeId}/unit-sub-types */
export const UnitSubTypeBody = v.object(
  {
    name: TypeName('Name'),
    isDefault: v.optional(Flag('Default'), false),
    changeOil: v.optional(Flag('Change oil'), false),
    inspectionsTypes: v.optional(SubTypeChecklist, []),
  },
  fieldMessages({ name: 'Name' }),
)
export type UnitSubTypeBody = v.InferInput<typeof UnitSubTypeBody>

/** PUT /unit-types/{unitTypeId}/unit-sub-types/{id}: only the fields sent change; a sent checklist replaces the old one. */
export const UnitSubTypeUpdateBody = v.object(
  {
    name: v.optional(TypeName('Name')),
    isDefault: v.optional(Flag('Default')),
    changeOil: v.optional(Flag('Change oil')),
    inspectionsTypes: v.optional(SubTypeChecklist),
  },
  fieldMessages({}),
)
export type UnitSubTypeUpdateBody = v.InferInput<typeof UnitSubTypeUpdateBody>

export interface UnitSubTypeSummary {
  _id: string
  name: string
  isDefault: boolean
  changeOil: boolean
}

export interface UnitSubType extends UnitSubTypeSummary {
  unitTypeId: string
  inspectionsTypes: SubTypeInspectionType[]
}

/** GET /unit-types: each type with its sub types. */
export interface UnitType {
  _id: string
  name: string
  icon: UnitTypeIcon
  isDefault: boolean
  subTypes: UnitSubTypeSummary[]
}

/** GET /unit-types/full and GET /unit-types/{id}: sub types carry their checklists. */
export interface UnitTypeFull extends Omit<UnitType, 'subTypes'> {
  subTypes: UnitSubType[]
}

export interface UnitTypeResponse {
  message: string
  unitType: UnitTypeFull
}

export interface UnitSubTypeResponse {
  message: string
  unitSubType: UnitSubType
}
