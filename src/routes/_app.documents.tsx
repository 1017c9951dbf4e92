import { createFileRoute } from '@tanstack/react-router'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/_app/documents')({
  component: () => <Placeholder title="Driver Licence" />,
})
