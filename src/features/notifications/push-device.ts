// This browser's Web Push subscription: turning push on asks for permission, subscribes with the
// server's VAPID key and tells the server the subscription (one per device); turning it off does the
// reverse. A subscription made with another key (the server's keys changed) is replaced.
import { api } from '../../api/client.ts'
import { t } from '../../i18n/translate.ts'

export type PushAvailability = 'available' | 'unsupported' | 'blocked'

export function pushAvailability(): PushAvailability {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof window === 'undefined' || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported'
  }
  return Notification.permission === 'denied' ? 'blocked' : 'available'
}

function bytesOfBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const used = subscription.options.applicationServerKey
  if (!used) return false
  const expected = bytesOfBase64Url(publicKey)
  const actual = new Uint8Array(used)
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index])
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null
}

/** This device's subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === 'unsupported') return null
  return (await (await registration())?.pushManager.getSubscription()) ?? null
}

export async function turnOnPushHere(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new Error(t('Notifications are blocked for this site. Allow them in the browser’s site settings.'))
  const worker = await registration()
  if (!worker) throw new Error(t('Push needs the installed app’s service worker; reload the page and try again.'))
  let subscription = await worker.pushManager.getSubscription()
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOfBase64Url(publicKey) })
  await api.post('notifications/push-subscriptions', { json: subscription.toJSON() })
}

export async function turnOffPushHere(): Promise<void> {
  const subscription = await deviceSubscription()
  if (!subscription) return
  await api.delete('notifications/push-subscriptions', { json: { endpoint: subscription.endpoint } })
  await subscription.unsubscribe()
}
