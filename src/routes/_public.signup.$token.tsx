import { createFileRoute, redirect } from '@tanstack/react-router'
import { invitationQuery } from '../features/auth/invitation-query.ts'
import { SignUpScreen } from '../features/auth/signup-screen.tsx'

export const Route = createFileRoute('/_public/signup/$token')({
  loader: async ({ context, params }) => {
    try {
      // Always asked afresh: an invitation is single-use, so a cached answer could outlive it.
      return await context.queryClient.fetchQuery(invitationQuery(params.token))
    } catch {
      throw redirect({ to: '/404', replace: true })
    }
  },
  component: InvitedSignUp,
})

function InvitedSignUp() {
  const { email } = Route.useLoaderData()
  const { token } = Route.useParams()
  return <SignUpScreen invitation={{ token, email }} />
}
