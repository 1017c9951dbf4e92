import { createFileRoute } from '@tanstack/react-router'
import { NotificationsScreen } from '../features/notifications/notifications-screen.tsx'

// The notifications list (issue 15), reached from the header's bell.
export const Route = createFileRoute('/_app/notifications')({
  component: NotificationsScreen,
})
