import { createFileRoute, redirect } from '@tanstack/react-router'
import { homeFor } from './-guards.ts'

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: homeFor(context), replace: true })
  },
})
