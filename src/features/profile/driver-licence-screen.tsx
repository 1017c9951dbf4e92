// Driver Licence (spec §2, at /documents): front and rear images, each previewing the saved one until
// another is chosen. Saving uploads the chosen sides; once a front exists the driver banner goes away.
import { useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { toast } from 'react-hot-toast'
import type { UserDocumentType } from '../../../core/contract/auth.ts'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { ImagePicker } from '../../ui/image-picker.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { useSaveLicence } from './use-save-licence.ts'

export function DriverLicenceScreen() {
  const user = useSignedInUser()
  const navigate = useNavigate()
  const saveLicence = useSaveLicence(user._id)
  const [front, setFront] = useState<File | null>(null)
  const [rear, setRear] = useState<File | null>(null)
  const savedUrl = (type: UserDocumentType) => user.documents.find((document) => document.type === type)?.url ?? null

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const sides = [
      { image: front, doc: 'driver-licence' as const },
      { image: rear, doc: 'driver-licence-rear' as const },
    ]
    try {
      // One side after the other: a failure names its side and the other stays chosen for a retry.
      for (const side of sides) {
        if (!side.image) continue
        await saveLicence.mutateAsync({ image: side.image, doc: side.doc })
        if (side.doc === 'driver-licence') setFront(null)
        else setRear(null)
      }
      toast.success('Driver licence has been saved successfully.')
      await navigate({ to: '/profile' })
    } catch {
      // Shown inline.
    }
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title="Driver Licence" />
      <form
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-strokedark dark:bg-boxdark"
      >
        {saveLicence.error && <AlertBanner message={saveLicence.error.message} />}
        <div className="grid gap-6 md:grid-cols-2">
          <ImagePicker label="Front of the licence" currentUrl={savedUrl('driver-licence')} file={front} onFileChange={setFront} />
          <ImagePicker label="Rear of the licence" currentUrl={savedUrl('driver-licence-rear')} file={rear} onFileChange={setRear} />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => void navigate({ to: '/profile' })}>
            Cancel
          </Button>
          <Button type="submit" pending={saveLicence.isPending} disabled={!front && !rear}>
            Save
          </Button>
        </div>
      </form>
    </div>
  )
}
