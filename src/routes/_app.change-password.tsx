import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordScreen } from '../features/profile/change-password-screen.tsx'

export const Route = createFileRoute('/_app/change-password')({
  component: ChangePasswordScreen,
})
