// Small multipart bodies read whole (documents: a bounded file and a few fields, http/body-limits.ts).
// Inspection media never come through here: they stream (media-upload-reception.ts).
import type { Context } from 'hono'
import type { GenericSchema, InferOutput } from 'valibot'
import { DomainError, Invalid } from '../domain-errors.ts'
import type { AppEnv } from './app-env.ts'
import { parseOr400 } from './validate.ts'

/** Text fields validated by `schema`, files from `files` and `files[]`. */
export async function readSmallMultipart<S extends GenericSchema>(c: Context<AppEnv>, schema: S): Promise<{ fields: InferOutput<S>; files: File[] }> {
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    throw new Invalid('Send the files as multipart/form-data.')
  }
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody({ all: true })
  } catch (error) {
    // A body past its limit (body-limits.ts) stays a 413.
    if (error instanceof DomainError) throw error
    throw new Invalid('The upload could not be read.')
  }
  const fields: Record<string, unknown> = {}
  const files: File[] = []
  for (const [name, value] of Object.entries(form)) {
    const values = Array.isArray(value) ? value : [value]
    if (name === 'files' || name === 'files[]') {
      for (const entry of values) {
        if (!(entry instanceof File)) throw new Invalid('Choose files to upload.', { field: 'files' })
        files.push(entry)
      }
    } else {
      // A repeated or file-valued text field fails validation below with the field's own message.
      fields[name] = values.length === 1 && typeof values[0] === 'string' ? values[0] : values
    }
  }
  return { fields: parseOr400(schema, fields), files }
}
