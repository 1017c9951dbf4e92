import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '../ui/not-found-page.tsx'

export const Route = createFileRoute('/404')({
  component: NotFoundPage,
})
