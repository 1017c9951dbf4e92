import { createFileRoute, redirect } from '@tanstack/react-router'

// The spec lists /dashboard but gives it no screen of its own; the units home is the dashboard.
export const Route = createFileRoute('/_app/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/units', replace: true })
  },
})
