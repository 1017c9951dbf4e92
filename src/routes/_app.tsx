import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AppLayout } from '../app/layout/app-layout.tsx'
import { requireArea } from './-guards.ts'

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-in'),
  component: AppRoute,
})

function AppRoute() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  )
}
