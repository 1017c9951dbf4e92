import { createFileRoute, redirect } from '@tanstack/react-router'
import { companyBySlugQuery } from '../features/auth/company-by-slug-query.ts'
import { SignUpScreen } from '../features/auth/signup-screen.tsx'

export const Route = createFileRoute('/_public/$slug/signup')({
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(companyBySlugQuery(params.slug))
    } catch {
      throw redirect({ to: '/404', replace: true })
    }
  },
  component: CompanySignUp,
})

function CompanySignUp() {
  const company = Route.useLoaderData()
  return <SignUpScreen company={company} />
}
