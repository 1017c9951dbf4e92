import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireArea } from './-guards.ts'
import { CardPage } from '../ui/card-page.tsx'

export const Route = createFileRoute('/_public')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-out'),
  component: PublicLayout,
})

function PublicLayout() {
  return (
    <CardPage>
      <Outlet />
    </CardPage>
  )
}
