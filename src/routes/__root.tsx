import { createRootRouteWithContext, Navigate, Outlet, useRouteContext } from '@tanstack/react-router'
import type { RouterContext } from '../app/router-context.ts'
import { homeFor } from './-guards.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: RedirectHome,
})

/** Spec §2: any unknown path goes to /signin signed out, /new-user while onboarding, /units signed in. */
function RedirectHome() {
  const context = useRouteContext({ from: '__root__' })
  return <Navigate to={homeFor(context)} replace />
}
