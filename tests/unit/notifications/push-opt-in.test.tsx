// Settings › Notifications turns push on and off for this device (issue 15): on asks the browser's
// permission, subscribes with the server's VAPID key and gives the server the subscription; a
// subscription made with an older key is replaced; off tells the server, then unsubscribes. A browser
// push service cannot run offline (headless Chromium refuses PushManager.subscribe), so the browser's
// side is a stand-in here; the app's API client talks to a real local server.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { NotificationSettings } from '../../../core/contract/notifications.ts'
import { startLocalServer, type LocalServer } from '../api/local-server.ts'

// Real VAPID public keys (web-push's generateVAPIDKeys): the server's, and one it used before.
const SERVER_KEY = 'BJhuFXgUqeTijKuiK8k7LsaXHm8dMsI-7HAwGjZ_ZfpVciKwUFkx7tq6cAsqWcYqQEt2gsuOhGPYfCWSNaVU66M'
const OLD_KEY = 'BBpx7nAExoMhUQvV1GbRLWpyGW9DNqKa3WDTBWi_Lgm3daRC85gqiquCuGFc7jJ9Fb_d9nhcLdPL2QbOVvHJ8Mw'
const NEW_ENDPOINT = 'https://push.example/device-new'
const OLD_ENDPOINT = 'https://push.example/device-old'

function bytesOf(base64Url: string): number[] {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64Url.length / 4) * 4, '=')
  return [...atob(base64)].map((character) => character.charCodeAt(0))
}

/**
 * This browser's push side: the notification permission, the service worker registration and its
 * PushManager, with `existing` as the subscription it already holds (made with that key).
 */
function fakeBrowserPush(options: { permission: NotificationPermission; answer?: NotificationPermission; existing?: { endpoint: string; key: string } }) {
  const log: string[] = []
  const subscribedWith: number[][] = []
  const subscriptionFor = (endpoint: string, key: string) => ({
    endpoint,
    options: { applicationServerKey: new Uint8Array(bytesOf(key)).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPcMbnWQL5GOYX_5sGnJgH1e9mwxZzE8fBsO4YoH6dX0', auth: 'c2VjcmV0LWF1dGgtMTY' } }),
    unsubscribe: async () => {
      log.push(`unsubscribe ${endpoint}`)
      current = null
      return true
    },
  })
  let current: ReturnType<typeof subscriptionFor> | null = options.existing ? subscriptionFor(options.existing.endpoint, options.existing.key) : null
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (request: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      log.push(`subscribe (userVisibleOnly: ${request.userVisibleOnly})`)
      subscribedWith.push([...request.applicationServerKey])
      current = subscriptionFor(NEW_ENDPOINT, SERVER_KEY)
      return current
    },
  }
  vi.stubGlobal('Notification', {
    permission: options.permission,
    requestPermission: async () => {
      log.push('permission asked')
      return options.answer ?? options.permission
    },
  })
  vi.stubGlobal('PushManager', function PushManager() {})
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager }) } })
  return { log, subscribedWith, subscription: () => current }
}

let server: LocalServer
beforeAll(async () => {
  server = await startLocalServer()
})
afterAll(() => server.close())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  server.received.length = 0
})

const settings: NotificationSettings = { channels: { mail: true, push: true, inApp: true }, pushPublicKey: SERVER_KEY, pushDevices: 0 }

/** The API as the server answers it; push-device.ts and the settings screen are loaded against it. */
async function pointedAtServer() {
  server.answer((request) => {
    if (request.path === '/api/notifications/settings') return { status: 200, body: settings }
    if (request.path === '/api/notifications/push-subscriptions' && request.method === 'POST') return { status: 201, body: { message: 'Push notifications are on for this device.' } }
    if (request.path === '/api/notifications/push-subscriptions' && request.method === 'DELETE') return { status: 200, body: { message: 'Push notifications are off for this device.' } }
    return { status: 404, body: { message: 'Not found.' } }
  })
  localStorage.setItem('token', 'a-token')
  localStorage.setItem('userId', 'u1')
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
  const { NotificationChannelsSettings } = await import('../../../src/features/notifications/notification-channels.tsx')
  const device = await import('../../../src/features/notifications/push-device.ts')
  const renderSettings = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationChannelsSettings />
      </QueryClientProvider>,
    )
  return { renderSettings, ...device }
}

const subscriptionRequests = () => server.received.filter((request) => request.path === '/api/notifications/push-subscriptions')

describe('push on this device, from Settings', () => {
  test('turning it on asks permission, subscribes with the server’s key and gives the server the subscription', async () => {
    const browser = fakeBrowserPush({ permission: 'default', answer: 'granted' })
    const { renderSettings } = await pointedAtServer()
    renderSettings()
    expect(await screen.findByText('Push notifications are off for this device.')).toBeTruthy()

    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }))

    expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Turn off push on this device' })).toBeTruthy()
    expect(browser.log).toEqual(['permission asked', 'subscribe (userVisibleOnly: true)'])
    expect(browser.subscribedWith).toEqual([bytesOf(SERVER_KEY)])
    const sent = subscriptionRequests()
    expect(sent.map((request) => [request.method, request.authorization])).toEqual([['POST', 'Bearer a-token']])
    expect(JSON.parse(sent[0]!.body)).toEqual(browser.subscription()!.toJSON())
  })

  test('a subscription this device made with another key is dropped and replaced by one with the server’s key', async () => {
    const browser = fakeBrowserPush({ permission: 'granted', existing: { endpoint: OLD_ENDPOINT, key: OLD_KEY } })
    const { turnOnPushHere } = await pointedAtServer()

    await turnOnPushHere(SERVER_KEY)

    expect(browser.log).toEqual(['permission asked', `unsubscribe ${OLD_ENDPOINT}`, 'subscribe (userVisibleOnly: true)'])
    expect(browser.subscribedWith).toEqual([bytesOf(SERVER_KEY)])
    expect(subscriptionRequests().map((request) => JSON.parse(request.body) as { endpoint: string }).map((body) => body.endpoint)).toEqual([NEW_ENDPOINT])
  })

  test('a subscription already made with the server’s key is given to the server again, not made anew', async () => {
    const browser = fakeBrowserPush({ permission: 'granted', existing: { endpoint: OLD_ENDPOINT, key: SERVER_KEY } })
    const { turnOnPushHere } = await pointedAtServer()

    await turnOnPushHere(SERVER_KEY)

    expect(browser.log).toEqual(['permission asked'])
    expect(subscriptionRequests().map((request) => (JSON.parse(request.body) as { endpoint: string }).endpoint)).toEqual([OLD_ENDPOINT])
  })

  test('turning it off tells the server which device, then unsubscribes the browser', async () => {
    const browser = fakeBrowserPush({ permission: 'granted', existing: { endpoint: NEW_ENDPOINT, key: SERVER_KEY } })
    const { renderSettings } = await pointedAtServer()
    renderSettings()

    fireEvent.click(await screen.findByRole('button', { name: 'Turn off push on this device' }))

    expect(await screen.findByText('Push notifications are off for this device.')).toBeTruthy()
    const sent = subscriptionRequests()
    expect(sent.map((request) => request.method)).toEqual(['DELETE'])
    expect(JSON.parse(sent[0]!.body)).toEqual({ endpoint: NEW_ENDPOINT })
    expect(browser.log).toEqual([`unsubscribe ${NEW_ENDPOINT}`])
    expect(browser.subscription()).toBeNull()
  })

  test('permission refused: a message says how to allow it, and nothing is subscribed or sent', async () => {
    const browser = fakeBrowserPush({ permission: 'default', answer: 'denied' })
    const { renderSettings } = await pointedAtServer()
    renderSettings()
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push on this device' }))

    expect(await screen.findByText('Notifications are blocked for this site. Allow them in the browser’s site settings.')).toBeTruthy()
    expect(browser.subscribedWith).toEqual([])
    expect(subscriptionRequests()).toEqual([])
    expect(screen.getByText('Push notifications are off for this device.')).toBeTruthy()
  })

  test('a browser without push says so; a site blocked in the browser offers no button', async () => {
    const { renderSettings } = await pointedAtServer()
    renderSettings()
    expect(await screen.findByText('This browser cannot receive push notifications.')).toBeTruthy()
    cleanup()

    fakeBrowserPush({ permission: 'denied' })
    renderSettings()
    expect(await screen.findByText('Notifications are blocked for this site in this browser.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /push on this device/ })).toBeNull()
  })
})
