import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireArea } from './-guards.ts'
import { CardPage } from '../ui/card-page.tsx'
import { LanguageSwitch } from '../i18n/language-switch.tsx'

export const Route = createFileRoute('/_public')({
  beforeLoad: ({ context }) => requireArea(context, 'signed-out'),
  component: PublicLayout,
})

function PublicLayout() {
  return (
    <CardPage>
      {/* Before anyone signs in, so a driver can read the sign-in and sign-up forms in their language. */}
      <LanguageSwitch className="mb-4 justify-end" />
      <Outlet />
    </CardPage>
  )
}
