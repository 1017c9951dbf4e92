import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireArea } from './-guards.ts'

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-in'),
  component: Outlet,
})
