import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireArea } from './-guards.ts'

export const Route = createFileRoute('/_public')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-out'),
  component: Outlet,
})
