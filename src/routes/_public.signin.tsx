import { createFileRoute } from '@tanstack/react-router'
import { SignInScreen } from '../features/auth/signin-screen.tsx'

export const Route = createFileRoute('/_public/signin')({
  component: SignInScreen,
})
