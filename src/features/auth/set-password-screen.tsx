// /set-password/{token} (spec §2): a new password from the mailed link. Matching is the server's to check (spec §5).
import type { FormEvent } from 'react'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { formText } from './form-text.ts'
import { useSetPassword } from './use-set-password.ts'
import { t } from '../../i18n/translate.ts'

export function SetPasswordScreen({ token }: { token: string }) {
  const setPassword = useSetPassword()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    setPassword.mutate({ token, password: formText(form, 'password'), confirmPassword: formText(form, 'confirmPassword') })
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('Set a new password')}</h1>
      <AlertBanner message={setPassword.error?.message} />
      <form className="flex flex-col gap-5" onSubmit={submit}>
        <TextField label={t('Password')} name="password" type="password" autoComplete="new-password" required />
        <TextField label={t('Confirm Password')} name="confirmPassword" type="password" autoComplete="new-password" required />
        <Button type="submit" pending={setPassword.isPending}>
          {t('Set New Password')}
        </Button>
      </form>
    </div>
  )
}
