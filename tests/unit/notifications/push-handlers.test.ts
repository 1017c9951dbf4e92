// The service worker's push handlers (sw/push.ts) against a stand-in worker scope: a push shows the
// server's notification, and a click opens the screen it names — in a tab of the app when one is open,
// in a new window otherwise — never a page off the app's origin.
import { describe, expect, test } from 'vitest'
import { appPathOf, notificationOf, showPushedNotifications, type PushScope } from '../../../sw/push.ts'

const ORIGIN = 'https://fleet.example'

interface FakeTab {
  url: string
  focused: boolean
  navigatedTo: string[]
  focusCalls: number
}

function fakeScope(tabs: FakeTab[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {}
  const shown: { title: string; options?: NotificationOptions }[] = []
  const opened: string[] = []
  const waits: Promise<unknown>[] = []
  const clients = tabs.map((tab) => ({
    get url() {
      return tab.url
    },
    get focused() {
      return tab.focused
    },
    focus: async function (this: unknown) {
      tab.focusCalls++
      tab.focused = true
      return this
    },
    navigate: async (url: string) => {
      tab.navigatedTo.push(url)
      tab.url = url
      return null
    },
  }))
  const scope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options })
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => {
        opened.push(url)
        return null
      },
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener
    },
  } as unknown as PushScope
  showPushedNotifications(scope)
  const waitUntil = (promise: Promise<unknown>) => waits.push(promise)
  return {
    shown,
    opened,
    async push(data: unknown) {
      listeners.push!({ data: data === undefined ? null : { json: () => (typeof data === 'string' ? JSON.parse(data) : data) }, waitUntil })
      await Promise.all(waits)
    },
    async click(url: unknown) {
      let closed = false
      listeners.notificationclick!({ notification: { data: { url }, close: () => (closed = true) }, waitUntil })
      await Promise.all(waits)
      return closed
    },
  }
}

describe('push', () => {
  test("shows the pushed title and body, tagged, and remembers the screen it is about", async () => {
    const worker = fakeScope()
    await worker.push({ title: 'Oil change due: unit 101', body: 'Next oil change May 11, 2026 — after 10 days.', url: '/unit/u1', tag: 'reminders-2026-05-01' })
    expect(worker.shown).toEqual([
      {
        title: 'Oil change due: unit 101',
        options: expect.objectContaining({ body: 'Next oil change May 11, 2026 — after 10 days.', tag: 'reminders-2026-05-01', data: { url: '/unit/u1' } }),
      },
    ])
  })

  test('a push without a usable payload still shows a notification, which opens the list', () => {
    expect(notificationOf(null)).toMatchObject({ title: 'Fleetyard', options: { body: 'You have new notifications.', data: { url: '/notifications' } } })
    expect(notificationOf({ json: () => { throw new SyntaxError('not json') } }).title).toBe('Fleetyard')
  })

  test.each([
    ['/documents', '/documents'],
    ['https://evil.example/phish', '/notifications'],
    ['//evil.example/x', '/notifications'],
    ['/\\evil.example', '/notifications'],
    [42, '/notifications'],
  ])('the path %s opens %s', (url, path) => {
    expect(appPathOf(url)).toBe(path)
  })
})

describe('notificationclick', () => {
  test('takes the focused tab of the app to the screen and closes the notification', async () => {
    const tab = { url: `${ORIGIN}/units`, focused: true, navigatedTo: [], focusCalls: 0 }
    const worker = fakeScope([tab])
    expect(await worker.click('/unit/u1')).toBe(true)
    expect(tab.navigatedTo).toEqual([`${ORIGIN}/unit/u1`])
    expect(tab.focusCalls).toBe(1)
    expect(worker.opened).toEqual([])
  })

  test('with no tab of the app open, opens a new window at the screen', async () => {
    const other = { url: 'https://elsewhere.example/', focused: true, navigatedTo: [], focusCalls: 0 }
    const worker = fakeScope([other])
    await worker.click('/documents')
    expect(worker.opened).toEqual([`${ORIGIN}/documents`])
    expect(other.navigatedTo).toEqual([])
  })

  test('a tab already on the screen is only focused', async () => {
    const tab = { url: `${ORIGIN}/app-documents`, focused: false, navigatedTo: [], focusCalls: 0 }
    const worker = fakeScope([tab])
    await worker.click('/app-documents')
    expect(tab).toMatchObject({ focusCalls: 1, navigatedTo: [] })
  })
})
