// Driver Licence (spec §2, at /documents): front and rear images, each previewing the saved one until
// another is chosen. Saving uploads the chosen sides; once a front exists the driver banner goes away.
import { useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { toast } from 'react-hot-toast'
import type { UserDocumentType } from '../../../core/contract/auth.ts'
import { LicenceExpiryBody } from '../../../core/contract/reminder-fields.ts'
import { useFieldErrors } from '../../api/use-field-errors.ts'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { ImagePicker } from '../../ui/image-picker.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { useSaveLicence } from './use-save-licence.ts'
import { useSaveLicenceExpiry } from './use-save-licence-expiry.ts'
import { t } from '../../i18n/translate.ts'

export function DriverLicenceScreen() {
  const user = useSignedInUser()
  const navigate = useNavigate()
  const saveLicence = useSaveLicence(user._id)
  const [front, setFront] = useState<File | null>(null)
  const [rear, setRear] = useState<File | null>(null)
  const saveExpiry = useSaveLicenceExpiry(user._id)
  const savedExpiry = user.licenceExpiresOn ?? ''
  const [expiresOn, setExpiresOn] = useState(savedExpiry)
  const expiryChanged = expiresOn !== savedExpiry
  // The date follows the server's one date rule, checked before anything is sent.
  const expiryErrors = useFieldErrors(['expiresOn'], saveExpiry.error)
  const expiryError = expiryErrors.errorOf('expiresOn')
  const savedUrl = (type: UserDocumentType) => user.documents.find((document) => document.type === type)?.url ?? null

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (expiryChanged && !expiryErrors.passes(LicenceExpiryBody, { expiresOn: expiresOn || null })) return
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
      if (expiryChanged) await saveExpiry.mutateAsync(expiresOn)
      toast.success(t('Driver licence has been saved successfully.'))
      await navigate({ to: '/profile' })
    } catch {
      // Shown inline.
    }
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Driver Licence')} />
      <form
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-strokedark dark:bg-boxdark"
      >
        {saveLicence.error && <AlertBanner message={saveLicence.error.message} />}
        {expiryErrors.banner && <AlertBanner message={expiryErrors.banner} />}
        <div className="grid gap-6 md:grid-cols-2">
          <ImagePicker label={t('Front of the licence')} currentUrl={savedUrl('driver-licence')} file={front} onFileChange={setFront} />
          <ImagePicker label={t('Rear of the licence')} currentUrl={savedUrl('driver-licence-rear')} file={rear} onFileChange={setRear} />
        </div>
        <div className="max-w-xs">
          <TextField
            id="licence-expiry"
            label={t('Expiry date')}
            type="date"
            name="licenceExpiresOn"
            error={expiryError}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            aria-describedby={expiryError ? 'licence-expiry-hint licence-expiry-error' : 'licence-expiry-hint'}
          />
          <p id="licence-expiry-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {t('Optional. You are reminded 30 days, 7 days and on the day it expires.')}
          </p>
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => void navigate({ to: '/profile' })}>
            {t('Cancel')}
          </Button>
          <Button type="submit" pending={saveLicence.isPending || saveExpiry.isPending} disabled={!front && !rear && !expiryChanged}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </div>
  )
}
