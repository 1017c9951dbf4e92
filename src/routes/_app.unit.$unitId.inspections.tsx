import { createFileRoute } from '@tanstack/react-router'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/_app/unit/$unitId/inspections')({
  component: () => <Placeholder title="Assign to Driver" />,
})
