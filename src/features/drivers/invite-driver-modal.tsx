// 'Invite Driver' (spec §2 "Drivers list"): an email, required; the server's message shows inline on
// failure and as a toast on success.
import { useState, type FormEvent } from 'react'
import { toast } from 'react-hot-toast'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { Modal } from '../../ui/modal.tsx'
import { useInviteDriver } from './use-invite-driver.ts'

export function InviteDriverModal({ onClose }: { onClose: () => void }) {
  const invite = useInviteDriver()
  const [email, setEmail] = useState('')

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    try {
      const { message } = await invite.mutateAsync(email.trim())
      toast.success(message)
      onClose()
    } catch {
      // Shown inline below; the typed email stays.
    }
  }

  return (
    <Modal title="Invite Driver" onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {invite.error && <AlertBanner message={invite.error.message} />}
        <TextField label="Email" type="email" name="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" pending={invite.isPending}>
            Invite
          </Button>
        </div>
      </form>
    </Modal>
  )
}
