// The drivers list search (spec §2): name, phone or email, case-insensitive.
import type { CompanyDriver } from '../../../core/contract/auth.ts'

export function fullNameOf(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim()
}

export function matchesDriverSearch({ user }: CompanyDriver, term: string): boolean {
  const needle = term.trim().toLowerCase()
  if (needle === '') return true
  return [fullNameOf(user), user.phone, user.email].some((field) => field.toLowerCase().includes(needle))
}
