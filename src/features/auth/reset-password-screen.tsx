// /reset-password (spec §2): the email a set-password link is mailed to.
import type { FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { formText } from './form-text.ts'
import { linkClass } from './link-class.ts'
import { useResetPassword } from './use-reset-password.ts'
import { t } from '../../i18n/translate.ts'

export function ResetPasswordScreen() {
  const reset = useResetPassword()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    reset.mutate({ email: formText(event.currentTarget, 'email') })
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('Forgot your password?')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("Enter your email and we'll send you a link to set a new one.")}</p>
      </div>
      <AlertBanner message={reset.error?.message} />
      <form className="flex flex-col gap-5" onSubmit={submit}>
        <TextField label={t('Email')} name="email" type="email" autoComplete="email" placeholder={t('Enter your email')} required />
        <Button type="submit" pending={reset.isPending}>
          {t('Reset Password')}
        </Button>
      </form>
      <p className="text-center">
        <Link to="/signin" className={linkClass}>
          {t('Login')}
        </Link>
      </p>
    </div>
  )
}
