import { createFileRoute } from '@tanstack/react-router'
import { CompanyReminderSettings } from '../features/notifications/company-reminder-settings.tsx'
import { NotificationChannelsSettings } from '../features/notifications/notification-channels.tsx'
import { SettingsScreen } from '../features/profile/settings-screen.tsx'

export const Route = createFileRoute('/_app/settings')({
  component: Settings,
})

// Spec §2's profile forms, then the notification channels and (owners) the company's reminder settings.
function Settings() {
  return (
    <SettingsScreen>
      <NotificationChannelsSettings />
      <CompanyReminderSettings />
    </SettingsScreen>
  )
}
