import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from './-guards.ts'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/new-user')({
  beforeLoad: ({ context }) => requireArea(context, 'onboarding'),
  component: () => <Placeholder title="New user" />,
})
