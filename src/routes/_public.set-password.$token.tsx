import { createFileRoute } from '@tanstack/react-router'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/_public/set-password/$token')({
  component: () => <Placeholder title="Set password" />,
})
