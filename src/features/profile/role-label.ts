// A role's name as a person reads it: 'owner' → 'Owner'.
export function roleLabel(role: string | undefined): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : ''
}
