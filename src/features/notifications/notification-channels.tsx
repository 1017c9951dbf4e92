// Settings › Notifications (issue 15): which channels the person gets reminders through — email, push,
// the in-app list — push on this device or not, and 'Send me a test notification', which goes through
// every channel that is on, by way of the job queue.
import { useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import type { NotificationChannels } from '../../../core/contract/notifications.ts'
import { errorText } from '../../api/error-message.ts'
import { storedUserId } from '../../api/session.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { CheckboxField } from '../../ui/checkbox-field.tsx'
import { notificationsKey } from './notifications-query.ts'
import { notificationSettingsQuery, useSaveChannels, useSendTestNotification } from './notification-settings-query.ts'
import { deviceSubscription, pushAvailability, turnOffPushHere, turnOnPushHere } from './push-device.ts'
import { SETTINGS_PANEL_CLASS } from './settings-panel.ts'
import { m, t, tr } from '../../i18n/translate.ts'

const CHANNELS: { key: keyof NotificationChannels; label: string }[] = [
  { key: 'mail', label: m('Email') },
  { key: 'push', label: m('Push notifications') },
  { key: 'inApp', label: m('In the app (the bell)') },
]

/** A test notification takes a moment to go through the queue: the bell looks again a few times. */
const TEST_REFRESH_DELAYS_MS = [2000, 5000, 10000]

export function NotificationChannelsSettings() {
  const userId = storedUserId() ?? ''
  const queryClient = useQueryClient()
  const settings = useQuery(notificationSettingsQuery(userId))
  const save = useSaveChannels(userId)
  const sendTest = useSendTestNotification()
  // While a change is being saved it shows as made — from the click on, not from when the mutation's
  // state arrives, or the box would flick back for a render; a failure puts the saved choice back.
  const [choosing, setChoosing] = useState<NotificationChannels | null>(null)
  const channels = choosing ?? settings.data?.channels

  const toggle = (key: keyof NotificationChannels, on: boolean) => {
    if (!channels) return
    const next = { ...channels, [key]: on }
    setChoosing(next)
    save.mutate(next, { onSuccess: () => toast.success(t('Notification settings saved.')), onSettled: () => setChoosing(null) })
  }

  const test = () =>
    sendTest.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast.success(message)
        for (const delay of TEST_REFRESH_DELAYS_MS) setTimeout(() => void queryClient.invalidateQueries({ queryKey: notificationsKey(userId) }), delay)
      },
    })

  return (
    <section aria-labelledby="notification-channels" className={`${SETTINGS_PANEL_CLASS} lg:col-span-3`}>
      <h2 id="notification-channels" className="border-b border-slate-200 px-6 py-4 font-semibold dark:border-strokedark">
        {t('Notifications')}
      </h2>
      <div className="flex flex-col gap-5 p-6">
        {settings.isError && <AlertBanner message={settings.error.message} />}
        {save.error && <AlertBanner message={save.error.message} />}
        <fieldset disabled={!channels || save.isPending} className="flex flex-col gap-3">
          <legend className="mb-2 text-sm text-slate-700 dark:text-slate-200">{t('Send me reminders (oil changes, expiring documents and licences) by:')}</legend>
          {CHANNELS.map(({ key, label }) => (
            <CheckboxField key={key} label={tr(label)} checked={channels?.[key] ?? false} onChange={(event) => toggle(key, event.target.checked)} />
          ))}
        </fieldset>
        {channels?.push && settings.data && <ThisDevicePush publicKey={settings.data.pushPublicKey} />}
        <div>
          <Button variant="secondary" pending={sendTest.isPending} onClick={test}>
            {t('Send me a test notification')}
          </Button>
          {sendTest.error && <AlertBanner message={sendTest.error.message} />}
        </div>
      </div>
    </section>
  )
}

function ThisDevicePush({ publicKey }: { publicKey: string }) {
  const availability = pushAvailability()
  const [subscribed, setSubscribed] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    deviceSubscription()
      .then((subscription) => live && setSubscribed(subscription !== null))
      .catch(() => live && setSubscribed(false))
    return () => {
      live = false
    }
  }, [])

  const change = async (on: boolean) => {
    setBusy(true)
    setProblem(null)
    try {
      if (on) await turnOnPushHere(publicKey)
      else await turnOffPushHere()
      setSubscribed(on)
    } catch (error) {
      setProblem(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  if (availability === 'unsupported') return <p className="text-sm text-slate-700 dark:text-slate-200">{t('This browser cannot receive push notifications.')}</p>
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 p-4 dark:border-strokedark">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {availability === 'blocked'
          ? t('Notifications are blocked for this site in this browser.')
          : subscribed
            ? t('Push notifications are on for this device.')
            : t('Push notifications are off for this device.')}
      </p>
      {availability === 'available' && subscribed !== null && (
        <div>
          <Button variant="secondary" pending={busy} onClick={() => void change(!subscribed)}>
            {subscribed ? t('Turn off push on this device') : t('Turn on push on this device')}
          </Button>
        </div>
      )}
      {problem && <AlertBanner message={problem} />}
    </div>
  )
}
