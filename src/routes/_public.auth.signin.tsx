import { createFileRoute, redirect } from '@tanstack/react-router'

// Spec §2 points 'Already have an account?' at /auth/signin; the sign-in page itself lives at /signin.
export const Route = createFileRoute('/_public/auth/signin')({
  beforeLoad: () => {
    throw redirect({ to: '/signin', replace: true })
  },
})
