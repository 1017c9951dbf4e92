import { createFileRoute } from '@tanstack/react-router'
import { DriverLicenceScreen } from '../features/profile/driver-licence-screen.tsx'

export const Route = createFileRoute('/_app/documents')({
  component: DriverLicenceScreen,
})
