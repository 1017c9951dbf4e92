import { createFileRoute } from '@tanstack/react-router'
import { requireArea } from './-guards.ts'
import { NewUserScreen } from '../features/onboarding/new-user-screen.tsx'

export const Route = createFileRoute('/new-user')({
  beforeLoad: ({ context }) => {
    requireArea(context, 'onboarding')
    // requireArea lets only a loaded user through, so the screen always has one.
    const user = context.currentUser()
    if (!user) throw new Error('onboarding without a user')
    return { user }
  },
  component: NewUserPage,
})

function NewUserPage() {
  const { user } = Route.useRouteContext()
  return <NewUserScreen user={user} />
}
