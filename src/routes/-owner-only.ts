// Owner-only screens (spec §6): anyone else is sent to their units home.
import { redirect } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context.ts'

export function requireOwner(context: RouterContext): void {
  if (context.currentUser()?.role?.name !== 'owner') throw redirect({ to: '/units', replace: true })
}
