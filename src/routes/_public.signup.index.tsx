import { createFileRoute } from '@tanstack/react-router'
import { SignUpScreen } from '../features/auth/signup-screen.tsx'

export const Route = createFileRoute('/_public/signup/')({
  component: () => <SignUpScreen />,
})
