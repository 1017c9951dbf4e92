// Requests and responses of spec §7 "inspection types": built-in types (shared by every company,
// read-only) merged with the company's own.
import * as v from 'valibot'
import { TypeName } from './common.ts'
import { fieldMessages } from './units.ts'

/** An icon of the shared catalogue, sent as its value (e.g. 'oil-can'). */
export const InspectionTypeIcon = v.pipe(
  v.string('Icon is required.'),
  v.trim(),
  v.nonEmpty('Icon is required.'),
  v.maxLength(40, 'Icon is not valid.'),
  v.regex(/^[a-z0-9-]+$/, 'Icon is not valid.'),
)

/** POST /inspection-types */
export const InspectionTypeBody = v.object(
  {
    name: TypeName('Name'),
    icon: InspectionTypeIcon,
  },
  fieldMessages({ name: 'Name', icon: 'Icon' }),
)
export type InspectionTypeBody = v.InferInput<typeof InspectionTypeBody>

/** PUT /inspection-types/{id}: only the fields sent change. */
export const InspectionTypeUpdateBody = v.object(
  {
    name: v.optional(TypeName('Name')),
    icon: v.optional(InspectionTypeIcon),
  },
  fieldMessages({}),
)
export type InspectionTypeUpdateBody = v.InferInput<typeof InspectionTypeUpdateBody>

export interface InspectionType {
  _id: string
  name: string
  icon: string
  /** Offered to every company and read-only. */
  builtIn: boolean
}

export interface InspectionTypeResponse {
  message: string
  inspectionType: InspectionType
}
