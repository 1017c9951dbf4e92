import { createFileRoute } from '@tanstack/react-router'
import { SetPasswordScreen } from '../features/auth/set-password-screen.tsx'

export const Route = createFileRoute('/_public/set-password/$token')({
  component: SetPasswordPage,
})

function SetPasswordPage() {
  const { token } = Route.useParams()
  return <SetPasswordScreen token={token} />
}
