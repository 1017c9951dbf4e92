// Change password (spec §2): Password and Confirm Password, shown as plain text as the spec asks;
// matching and strength are the server's rules, and its message shows inline.
import { useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { toast } from 'react-hot-toast'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { useUpdatePassword } from './use-update-password.ts'
import { t } from '../../i18n/translate.ts'

export function ChangePasswordScreen() {
  const user = useSignedInUser()
  const navigate = useNavigate()
  const updatePassword = useUpdatePassword(user._id)
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    try {
      await updatePassword.mutateAsync({ password, confirmPassword })
      toast.success(t('The password has been changed successfully.'))
      await navigate({ to: '/profile' })
    } catch {
      // Shown inline; the typed values stay.
    }
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Change Password')} />
      <form
        onSubmit={(event) => void onSubmit(event)}
        className="flex max-w-xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-strokedark dark:bg-boxdark"
      >
        {updatePassword.error && <AlertBanner message={updatePassword.error.message} />}
        <TextField
          label={t('Password')}
          type="text"
          autoComplete="new-password"
          spellCheck={false}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label={t('Confirm Password')}
          type="text"
          autoComplete="new-password"
          spellCheck={false}
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => void navigate({ to: '/profile' })}>
            {t('Cancel')}
          </Button>
          <Button type="submit" pending={updatePassword.isPending}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </div>
  )
}
