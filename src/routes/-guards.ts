// Which area a path belongs to, and where a user outside it goes (spec §2 route tables).
import { redirect } from '@tanstack/react-router'
import { sessionArea, type SessionArea } from '../api/current-user.ts'
import type { RouterContext } from '../app/router-context.ts'

const homeOf: Record<SessionArea, string> = {
  'signed-out': '/signin',
  onboarding: '/new-user',
  'signed-in': '/units',
}

/** Throws a redirect unless the current user belongs in `area`. */
export function requireArea(context: RouterContext, area: SessionArea): void {
  const current = sessionArea(context.currentUser())
  if (current !== area) throw redirect({ to: homeOf[current], replace: true })
}

export function homeFor(context: RouterContext): string {
  return homeOf[sessionArea(context.currentUser())]
}
