// Requests and responses of spec §7 "Auth and user" and "Company and invitations".
import * as v from 'valibot'
import { Email, Id, Name, Password, Phone } from './common.ts'
import { TimeZone } from './company-settings.ts'

export const LoginBody = v.object({
  email: Email,
  password: v.pipe(v.string('Password is required.'), v.nonEmpty('Password is required.'), v.maxLength(200)),
  /** The `deviceToken` of this device's last successful sign-in, if it kept one; an unusable one is ignored. */
  deviceToken: v.optional(v.nullable(v.string())),
})
export type LoginBody = v.InferInput<typeof LoginBody>
export interface LoginResponse {
  token: string
  user: { _id: string }
  /**
   * Marks this device as one that signed in to the account, so sign-in limits set off by others do not
   * lock it out. Not a session: the client keeps it across logouts and sends it with its next sign-in.
   */
  deviceToken: string
}

export const RegisterBody = v.object({
  email: Email,
  password: Password,
  firstName: Name('First name'),
  lastName: Name('Last name'),
  phone: Phone,
  invitationToken: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
  companyId: v.optional(v.nullable(Id), null),
})
export type RegisterBody = v.InferInput<typeof RegisterBody>

export const ResetPasswordBody = v.object({ email: Email })
export const SetPasswordBody = v.object({
  token: v.pipe(v.string('The link is invalid.'), v.nonEmpty('The link is invalid.'), v.maxLength(200)),
  password: Password,
  confirmPassword: v.string('Confirm your password.'),
})

/** `{ message }` — the success text a screen shows in its toast. */
export interface MessageResponse {
  message: string
}

export type RoleName = 'owner' | 'driver'

export interface UserDetails {
  _id: string
  firstName: string
  lastName: string
  email: string
  phone: string
  /** URL of the avatar image, or null for the default avatar. */
  avatar: string | null
}

export const USER_DOCUMENT_TYPES = ['driver-licence', 'driver-licence-rear'] as const
export type UserDocumentType = (typeof USER_DOCUMENT_TYPES)[number]

export interface UserDocument {
  _id: string
  type: UserDocumentType
  url: string
}

export interface CompanyRef {
  _id: string
  name: string
  slug: string
}

/**
 * A request to drive for a company, as its asker sees it: waiting for the owner, or declined. Until the
 * owner approves, the asker has no company and sees none of its data (an approved request is gone:
 * the asker is then the company's driver).
 */
export interface OwnJoinRequest {
  company: CompanyRef
  status: 'pending' | 'declined'
}

/** The languages of the app (issue 25): English, Spanish, French (Canadian usage). */
export const LANGUAGES = ['en', 'es', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

/** PUT /user/language/{id}: the language the user chose in Settings, kept for every device. */
export const UpdateLanguageBody = v.object({ language: v.picklist(LANGUAGES, 'Choose English, Spanish or French.') })

/** The signed-in user as GET /user/{id} returns it under `user`. */
export interface AuthUser {
  _id: string
  details: UserDetails
  role: { name: RoleName } | null
  company: CompanyRef | null
  documents: UserDocument[]
  isNewUser: boolean
  /** The driver licence's expiry date (`YYYY-MM-DD`), or null when not given. */
  licenceExpiresOn?: string | null
  /** The user's request to join a company, while it waits or after it was declined; null when none. */
  joinRequest?: OwnJoinRequest | null
  /** The language the user chose in Settings; null when never chosen (each device follows its browser). */
  language?: Language | null
}
export interface UserResponse {
  user: AuthUser
}

/** GET /user/{id}/info — a user as their owner (or they themselves) sees them. */
export interface UserInfo {
  details: UserDetails
  role: { name: RoleName } | null
  documents: UserDocument[]
  units: number
}

export interface DashboardCounts {
  drivers: number
  units: number
  /** Open defects of the company's units (owners; 0 for drivers). */
  defects: number
  /** An owner's pending requests to join the company (the Drivers badge's second count); 0 for others. */
  joinRequests: number
}

export const UpdateCompanyBody = v.object({ companyId: Id })

/** Largest avatar or licence image the server accepts (bigger answers 413). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/** Multipart fields of POST /user/save-documents/{id} besides the image under `files`. */
export const SaveDocumentFields = v.object({
  doc: v.picklist(USER_DOCUMENT_TYPES, 'Choose which side of the driver licence this is.'),
})

/** Answer of profile, avatar and licence saves: the success text and the user as it is now. */
export interface UserSavedResponse {
  message: string
  user: AuthUser
}

export const UpdateProfileBody = v.object({
  id: Id,
  firstName: Name('First name'),
  lastName: Name('Last name'),
  email: Email,
  phone: Phone,
})

export const UpdatePasswordBody = v.object({
  id: Id,
  password: Password,
  confirmPassword: v.string('Confirm your password.'),
})

export const CreateCompanyBody = v.object({
  companyName: v.pipe(
    v.string('Company name is required.'),
    v.trim(),
    v.minLength(3, 'Company name must have at least 3 characters.'),
    v.maxLength(100, 'Company name is too long (at most 100 characters).'),
  ),
  /** The owner's browser zone; its daily reminders follow it (UTC when not sent). */
  timeZone: v.optional(TimeZone),
})
export interface CreateCompanyResponse {
  message: string
  company: CompanyRef
}

export const ApplyToCompanyBody = v.object({ userId: Id, companyId: Id })

export interface CompanyDriver {
  user: { _id: string; firstName: string; lastName: string; phone: string; email: string }
}

/** GET /company/{id}/join-requests: who asks to drive for the company, oldest first. */
export interface JoinRequest {
  _id: string
  user: CompanyDriver['user']
  createdAt: string
}

export const SendInvitationBody = v.object({ email: Email })
export interface InvitationResponse {
  email: string
}
