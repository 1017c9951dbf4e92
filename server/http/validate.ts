// Request parsing with valibot: anything that does not match becomes a 400 with a readable message.
import type { Context } from 'hono'
import * as v from 'valibot'
import { firstIssue } from '../../core/contract/issues.ts'
import { DomainError, Invalid, NotFound } from '../domain-errors.ts'

type AnySchema = v.GenericSchema

/** Whether any string in a parsed body, form or query holds U+0000 (walked without recursion: bodies nest deep). */
function containsNul(input: unknown): boolean {
  const pending: unknown[] = [input]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true
    } else if (value !== null && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push(item)
    }
  }
  return false
}

export function parseOr400<S extends AnySchema>(schema: S, input: unknown): v.InferOutput<S> {
  // PostgreSQL text cannot hold U+0000 (the insert would fail with a 500), and no form ever sends it.
  if (containsNul(input)) throw new Invalid('Text must not contain the NUL character.')
  const result = v.safeParse(schema, input)
  if (!result.success) {
    const { message, field } = firstIssue(result.issues)
    throw new Invalid(message, field === undefined ? {} : { field })
  }
  return result.output
}

/** Reads and validates a JSON body. Malformed JSON is a 400, not a 500. */
export async function jsonBody<S extends AnySchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch (error) {
    // A body past its limit (http/body-limits.ts) stays a 413.
    if (error instanceof DomainError) throw error
    throw new Invalid('The request body must be valid JSON.')
  }
  return parseOr400(schema, raw)
}

export function param<S extends AnySchema>(c: Context, name: string, schema: S): v.InferOutput<S> {
  return parseOr400(schema, c.req.param(name))
}

/** A path id: ours are UUIDs, so anything else cannot exist. */
export const IdSchema = v.pipe(v.string('Invalid id.'), v.uuid('Invalid id.'))

export function idParam(c: Context, name: string): string {
  const result = v.safeParse(IdSchema, c.req.param(name))
  if (!result.success) throw new NotFound('Not found.')
  return result.output
}
