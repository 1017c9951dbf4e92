// How a refused value is told, the same in the app's forms and in the server's 400s: one sentence for
// people, and the request field it is about (ApiErrorBody.field) — never a key in front of the words.
import type * as v from 'valibot'

/** 'allUnits' → 'All units', 'unit_id' → 'Unit id': a key as a person would name it. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** valibot's own texts ('Invalid type: Expected string but received 5'): written for programmers. */
const isValibotDefault = (message: string) => /^Invalid \w+: /.test(message)

/**
 * Turns valibot issues into one sentence for people, and the request field it is about. The sentence
 * never starts with a key ('make: …'): the field travels beside it (ApiErrorBody.field), so a form
 * shows the message under that field and anything else shows it as it is.
 */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): { message: string; field?: string } {
  const first = issues[0]
  if (!first) return { message: 'The request is not valid.' }
  const key = first.path?.[0]?.key
  const field = typeof key === 'string' ? key : undefined
  if (!isValibotDefault(first.message)) return field === undefined ? { message: first.message } : { message: first.message, field }
  if (field === undefined) return { message: 'The request is not valid.' }
  // A missing key without a message of its own: say plainly that it is required.
  const message = first.input === undefined ? `${fieldLabel(field)} is required.` : `${fieldLabel(field)} is not valid.`
  return { message, field }
}
