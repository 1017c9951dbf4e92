import { createFileRoute } from '@tanstack/react-router'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/_public/signup/$token')({
  component: () => <Placeholder title="Sign up" />,
})
