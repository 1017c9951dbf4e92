// Building blocks shared by request schemas on both sides of the API.
import * as v from 'valibot'

export const Email = v.pipe(
  v.string('Email is required.'),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('Email is required.'),
  v.maxLength(254, 'Email is too long.'),
  v.email('Enter a valid email address.'),
)

export const PASSWORD_RULE_MESSAGE = 'Password must have 6+ characters, 1 capital letter.'

/** The one password rule of the product, enforced by the server (the client only hints it). */
export const Password = v.pipe(
  v.string(PASSWORD_RULE_MESSAGE),
  v.minLength(6, PASSWORD_RULE_MESSAGE),
  v.maxLength(200, 'Password is too long.'),
  v.regex(/[A-Z]/, PASSWORD_RULE_MESSAGE),
)

export const Name = (label: string) =>
  v.pipe(v.string(`${label} is required.`), v.trim(), v.nonEmpty(`${label} is required.`), v.maxLength(100, `${label} is too long.`))

export const Phone = v.pipe(v.string('Phone number is required.'), v.trim(), v.maxLength(40, 'Phone number is too long.'))

export const Id = v.pipe(v.string('Invalid id.'), v.uuid('Invalid id.'))

/** Every error the API sends has this shape. */
export interface ApiErrorBody {
  message: string
}
