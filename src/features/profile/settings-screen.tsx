// Settings (spec §2): the 'Personal Information' form and the 'Avatar' form, each with Cancel (back to
// /profile) and Save. The server's message shows inline when a save fails; typed values stay.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { toast } from 'react-hot-toast'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { DEFAULT_AVATAR_URL } from '../../ui/avatar.tsx'
import { Button } from '../../ui/button.tsx'
import { TextField } from '../../ui/form-field.tsx'
import { ImagePicker } from '../../ui/image-picker.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { useSetAvatar } from './use-set-avatar.ts'
import { useUpdateProfile, type ProfileFields } from './use-update-profile.ts'
import { m, t, tr } from '../../i18n/translate.ts'
import { LanguageSwitch } from '../../i18n/language-switch.tsx'
import { useSaveLanguage } from './use-save-language.ts'

const PROFILE_SAVED = m('Profile data has been modified successfully.')

const panelClass = 'rounded-lg border border-slate-200 bg-white shadow-sm dark:border-strokedark dark:bg-boxdark'

/** `children`: further sections (the route adds notifications and reminders), laid out in the same grid. */
export function SettingsScreen({ children }: { children?: ReactNode }) {
  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Settings')} />
      <div className="grid gap-6 lg:grid-cols-5">
        <PersonalInformationForm />
        <AvatarForm />
        <LanguageSection />
        {children}
      </div>
    </div>
  )
}

/** The language of the app, mails and notifications: this device at once, the account's other devices next time they load the user. */
function LanguageSection() {
  const user = useSignedInUser()
  const save = useSaveLanguage(user._id)
  return (
    <section aria-labelledby="language-heading" className={`${panelClass} lg:col-span-2`}>
      <h2 id="language-heading" className="border-b border-slate-200 px-6 py-4 font-semibold dark:border-strokedark">
        {t('Language')}
      </h2>
      <div className="flex flex-col gap-3 p-6">
        <LanguageSwitch onChosen={(language) => save.mutate(language)} />
        <AlertBanner message={save.error?.message} />
      </div>
    </section>
  )
}

function PersonalInformationForm() {
  const user = useSignedInUser()
  const navigate = useNavigate()
  const update = useUpdateProfile(user._id)
  const [fields, setFields] = useState<ProfileFields>({
    firstName: user.details.firstName,
    lastName: user.details.lastName,
    email: user.details.email,
    phone: user.details.phone,
  })
  const set = (name: keyof ProfileFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    try {
      await update.mutateAsync(fields)
      toast.success(tr(PROFILE_SAVED))
      await navigate({ to: '/profile' })
    } catch {
      // Shown inline; the typed values stay.
    }
  }

  return (
    <section aria-labelledby="personal-information" className={`${panelClass} lg:col-span-3`}>
      <h2 id="personal-information" className="border-b border-slate-200 px-6 py-4 font-semibold dark:border-strokedark">
        {t('Personal Information')}
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4 p-6">
        {update.error && <AlertBanner message={update.error.message} />}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('First Name')} required autoComplete="given-name" value={fields.firstName} onChange={set('firstName')} />
          <TextField label={t('Last Name')} required autoComplete="family-name" value={fields.lastName} onChange={set('lastName')} />
        </div>
        <TextField label={t('Email Address')} type="email" required autoComplete="email" value={fields.email} onChange={set('email')} />
        <TextField label={t('Phone Number')} type="tel" autoComplete="tel" placeholder={t('(xxx) xxx-xxxx')} value={fields.phone} onChange={set('phone')} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => void navigate({ to: '/profile' })}>
            {t('Cancel')}
          </Button>
          <Button type="submit" pending={update.isPending}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </section>
  )
}

function AvatarForm() {
  const user = useSignedInUser()
  const navigate = useNavigate()
  const setAvatar = useSetAvatar(user._id)
  const [image, setImage] = useState<File | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!image) return
    try {
      await setAvatar.mutateAsync(image)
      toast.success(tr(PROFILE_SAVED))
      await navigate({ to: '/profile' })
    } catch {
      // Shown inline; the chosen image stays.
    }
  }

  return (
    <section aria-labelledby="avatar-form" className={`${panelClass} lg:col-span-2`}>
      <h2 id="avatar-form" className="border-b border-slate-200 px-6 py-4 font-semibold dark:border-strokedark">
        {t('Avatar')}
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4 p-6">
        {setAvatar.error && <AlertBanner message={setAvatar.error.message} />}
        <ImagePicker
          label={t('Avatar image')}
          currentUrl={user.details.avatar ?? DEFAULT_AVATAR_URL}
          file={image}
          onFileChange={setImage}
          hint={t('SVG, PNG, JPG or GIF')}
          previewClassName="h-32"
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => void navigate({ to: '/profile' })}>
            {t('Cancel')}
          </Button>
          <Button type="submit" pending={setAvatar.isPending} disabled={!image}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </section>
  )
}
