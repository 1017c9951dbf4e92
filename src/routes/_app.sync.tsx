import { createFileRoute } from '@tanstack/react-router'
import { WaitingItemsScreen } from '../features/sync/waiting-items-screen.tsx'

// The changes still on this device (issue 3 item 6), reached from the header's sync indicator.
export const Route = createFileRoute('/_app/sync')({
  component: WaitingItemsScreen,
})
