// Building blocks shared by request schemas on both sides of the API.
import * as v from 'valibot'

export const Email = v.pipe(
  v.string('Email is required.'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Email is required.'),
  v.maxLength(254, 'Email is too long (at most 254 characters).'),
  v.email('Enter a valid email address.'),
)

export const PASSWORD_RULE_MESSAGE = 'Password must have 6+ characters, 1 capital letter.'

/** The one password rule of the product, enforced by the server (the client only hints it). */
export const Password = v.pipe(
  v.string(PASSWORD_RULE_MESSAGE),
  v.minLength(6, PASSWORD_RULE_MESSAGE),
  v.maxLength(200, 'Password is too long (at most 200 characters).'),
  v.regex(/[A-Z]/, PASSWORD_RULE_MESSAGE),
)

export const NAME_MAX_LENGTH = 100

export const Name = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.maxLength(NAME_MAX_LENGTH, `${label} is too long (at most ${NAME_MAX_LENGTH} characters).`),
  )

/**
 * The name of a unit type, sub type or inspection type: a Name whose runs of spaces become one, since
 * such names are unique ignoring case and extra spaces (server/db/schema.ts nameKey).
 */
export const TypeName = (label: string) => v.pipe(Name(label), v.transform((name) => name.replace(/\s+/g, ' ')))

export const Phone = v.pipe(v.string('Phone number is required.'), v.trim(), v.maxLength(40, 'Phone number is too long (at most 40 characters).'))

export const Id = v.pipe(v.string('The id is not valid.'), v.uuid('The id is not valid.'))

/** Every error the API sends has this shape. */
export interface ApiErrorBody {
  /** A sentence for people, shown as it comes; it never starts with a field key. */
  message: string
  /**
   * The request field the message is about, when there is one: its top-level key ('make', 'units').
   * A form that has that field shows the message under it; otherwise the message shows on its own.
   */
  field?: string
}
