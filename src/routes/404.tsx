import { createFileRoute } from '@tanstack/react-router'
import { Placeholder } from '../ui/placeholder.tsx'

export const Route = createFileRoute('/404')({
  component: () => <Placeholder title="Sorry, the page can't be found." />,
})
