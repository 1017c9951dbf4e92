// 'Invite Driver' (spec §2 "Drivers list"): an email, required; the server's message shows inline on
// failure and as a toast on success.
import { useState, type FormEvent } from 'react'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { FormActions } from '../../ui/form-actions.tsx'
import { saveAndClose } from '../../lib/save-and-close.ts'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useInviteDriver } from './use-invite-driver.ts'
import { t } from '../../i18n/translate.ts'

export function InviteDriverModal({ onClose }: { onClose: () => void }) {
  const invite = useInviteDriver()
  const [email, setEmail] = useState('')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    await saveAndClose(async () => (await invite.mutateAsync(email.trim())).message, onClose)
  }

  return (
    <Modal title={t('Invite Driver')} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {invite.error && <AlertBanner message={invite.error.message} />}
        <TextField label={t('Email')} type="email" name="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        <FormActions onCancel={onClose} pending={invite.isPending} submitLabel={t('Invite')} />
      </form>
    </Modal>
  )
}
