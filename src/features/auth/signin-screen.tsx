// /signin (spec §2): email and password, links to reset and sign-up, the server's message in a red banner.
import type { FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { formText } from './form-text.ts'
import { linkClass } from './link-class.ts'
import { useLogin } from './use-login.ts'
import { t } from '../../i18n/translate.ts'

export function SignInScreen() {
  const login = useLogin()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    login.mutate({ email: formText(form, 'email'), password: formText(form, 'password') })
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="mb-1.5 font-medium text-slate-600 dark:text-slate-300">{t('Start for free')}</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{t('Sign In to Fleetyard')}</h1>
      </div>
      <AlertBanner message={login.error?.message} />
      <form className="flex flex-col gap-5" onSubmit={submit}>
        <TextField label={t('Email')} name="email" type="email" autoComplete="email" placeholder={t('Enter your email')} required />
        <TextField
          label={t('Password')}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('Enter your password')}
          required
        />
        <Button type="submit" pending={login.isPending}>
          {t('Sign In')}
        </Button>
      </form>
      <div className="flex flex-col gap-3 text-center sm:flex-row sm:justify-between">
        <Link to="/reset-password" className={linkClass}>
          {t('Forgot password?')}
        </Link>
        <p className="text-slate-600 dark:text-slate-300">
          {t("Don't have an account?")}{' '}
          <Link to="/signup" className={linkClass}>
            {t('Sign Up')}
          </Link>
        </p>
      </div>
    </div>
  )
}
