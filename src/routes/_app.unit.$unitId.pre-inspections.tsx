import { createFileRoute } from '@tanstack/react-router'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/_app/unit/$unitId/pre-inspections')({
  component: () => <Placeholder title="Pre-Trip" />,
})
