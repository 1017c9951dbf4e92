import { createFileRoute } from '@tanstack/react-router'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/_app/unit-settings/$unitTypeId')({
  component: () => <Placeholder title="Unit Sub Types" />,
})
