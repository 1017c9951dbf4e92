// Where a form shows what is wrong (issue 17): under the field a message is about, else above the form.
// A value is first checked here with the shared schema the server checks it with (core/contract), so a
// bad date is answered before any request, in the same words; the server's own refusal (a taken name,
// a duplicate VIN) arrives with its field too and lands in the same place.
import { useState } from 'react'
import * as v from 'valibot'
import { firstIssue } from '../../core/contract/issues.ts'
import { errorField, errorText } from './error-message.ts'

interface Shown {
  message: string
  field?: string | undefined
}

export interface FieldErrors<F extends string> {
  /** Checks `input` with `schema`; false, with its message shown, when it does not pass. */
  passes: (schema: v.GenericSchema, input: unknown) => boolean
  /** The message to show under `field`, if it is about that field. */
  errorOf: (field: F) => string | null
  /** A message about none of the form's fields, for its banner. */
  banner: string | null
}

export function useFieldErrors<F extends string>(fields: readonly F[], serverError: unknown): FieldErrors<F> {
  const [checked, setChecked] = useState<Shown | null>(null)
  const shown: Shown | null = checked ?? (serverError ? { message: errorText(serverError), field: errorField(serverError) } : null)
  const own = shown?.field !== undefined && (fields as readonly string[]).includes(shown.field) ? shown.field : null
  return {
    passes: (schema, input) => {
      const result = v.safeParse(schema, input)
      setChecked(result.success ? null : firstIssue(result.issues))
      return result.success
    },
    errorOf: (field) => (shown && own === field ? shown.message : null),
    banner: shown && own === null ? shown.message : null,
  }
}
