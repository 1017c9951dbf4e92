// /signup, /signup/{token} and /{slug}/signup (spec §2): one form; an invitation pre-fills the email,
// a company link names the company in the title and joins the new user to it.
import type { FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useFieldErrors } from '../../api/use-field-errors.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { formText } from './form-text.ts'
import { linkClass } from './link-class.ts'
import { useRegister } from './use-register.ts'
import { t } from '../../i18n/translate.ts'

interface SignUpScreenProps {
  /** From /{slug}/signup: the company the new user joins as a driver. */
  company?: { _id: string; name: string }
  /** From /signup/{token}: the invitation and the email it was sent to. */
  invitation?: { token: string; email: string }
}

export function SignUpScreen({ company, invitation }: SignUpScreenProps) {
  const register = useRegister()
  // A server message about one field (a weak password, an email it will not take) shows under it.
  const errors = useFieldErrors(['firstName', 'lastName', 'phone', 'email', 'password'], register.error)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    register.mutate({
      firstName: formText(form, 'firstName'),
      lastName: formText(form, 'lastName'),
      phone: formText(form, 'phone'),
      email: invitation?.email ?? formText(form, 'email'),
      password: formText(form, 'password'),
      invitationToken: invitation?.token ?? null,
      companyId: company?._id ?? null,
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
        {t('Sign Up to {name}', { name: company?.name ?? 'Fleetyard' })}
      </h1>
      <AlertBanner message={errors.banner} />
      <form className="flex flex-col gap-5" onSubmit={submit}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('First Name')} name="firstName" autoComplete="given-name" placeholder={t('Enter your first name')} required error={errors.errorOf('firstName')} />
          <TextField label={t('Last Name')} name="lastName" autoComplete="family-name" placeholder={t('Enter your last name')} required error={errors.errorOf('lastName')} />
        </div>
        <TextField label={t('Phone Number')} name="phone" type="tel" autoComplete="tel" placeholder={t('Enter your phone number')} required error={errors.errorOf('phone')} />
        {invitation ? (
          <TextField label={t('Email')} name="email" type="email" autoComplete="email" value={invitation.email} readOnly error={errors.errorOf('email')} />
        ) : (
          <TextField label={t('Email')} name="email" type="email" autoComplete="email" placeholder={t('Enter your email')} required error={errors.errorOf('email')} />
        )}
        <TextField
          label={t('Password')}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={t('6+ Characters, 1 Capital letter')}
          required
          error={errors.errorOf('password')}
        />
        <Button type="submit" pending={register.isPending}>
          {t('Create account')}
        </Button>
      </form>
      <p className="text-center">
        <Link to="/auth/signin" className={linkClass}>
          {t('Already have an account?')}
        </Link>
      </p>
    </div>
  )
}
