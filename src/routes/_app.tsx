import { useEffect } from 'react'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AppLayout } from '../app/layout/app-layout.tsx'
import { SyncIndicator } from '../features/sync/sync-indicator.tsx'
import { startOutbox } from '../outbox/outbox-runtime.ts'
import { requireArea } from './-guards.ts'

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-in'),
  component: AppRoute,
})

function AppRoute() {
  // Changes made earlier (or before a reload) are sent from any screen, not only the one that made them.
  useEffect(() => startOutbox(), [])
  return (
    <AppLayout headerExtras={<SyncIndicator />}>
      <Outlet />
    </AppLayout>
  )
}
