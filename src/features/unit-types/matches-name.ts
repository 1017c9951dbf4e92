// The unit settings searches match the name, case-insensitively.
export function matchesName(name: string, term: string): boolean {
  return name.toLowerCase().includes(term.trim().toLowerCase())
}
