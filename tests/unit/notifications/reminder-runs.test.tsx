// Settings › Reminders shows the owner when each kind of reminder last ran and what it found, and the
// reminder and notification jobs that are failing (issue 15, "Visible"), as the server reports them.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import dayjs from 'dayjs'
import type { CompanySettings, ReminderStatus } from '../../../core/contract/company-settings.ts'
import { annLee } from '../auth/auth-user-fixture.ts'
import { startLocalServer, type LocalServer } from '../api/local-server.ts'

let server: LocalServer
beforeAll(async () => {
  server = await startLocalServer()
})
afterAll(() => server.close())
afterEach(() => {
  vi.unstubAllEnvs()
})

const ranAt = '2026-05-01T07:00:12.000Z'
const failedAt = '2026-05-01T07:01:00.000Z'
const settings: CompanySettings = { timeZone: 'Pacific/Auckland', distanceUnit: 'km', oilChangeIntervals: [], reportRetentionMonths: 12 }

async function renderWith(status: ReminderStatus) {
  server.answer((request) => {
    if (request.path === '/api/company-settings') return { status: 200, body: settings }
    if (request.path === '/api/company-settings/reminders') return { status: 200, body: status }
    return { status: 404, body: { message: 'Not found.' } }
  })
  localStorage.setItem('token', 'a-token')
  localStorage.setItem('userId', 'u1')
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
  const { CompanyReminderSettings } = await import('../../../src/features/notifications/company-reminder-settings.tsx')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(['user', 'u1'], annLee())
  render(
    <QueryClientProvider client={client}>
      <CompanyReminderSettings />
    </QueryClientProvider>,
  )
}

test('each kind shows when it last ran and how many reminders it found, or that it has not run yet', async () => {
  await renderWith({
    timeZone: 'Pacific/Auckland',
    kinds: [
      { kind: 'oil-change', label: 'Oil changes', lastRunAt: ranAt, lastRunDay: '2026-05-01', found: 2 },
      { kind: 'document-expiry', label: 'Document expiry', lastRunAt: ranAt, lastRunDay: '2026-05-01', found: 1 },
      { kind: 'licence-expiry', label: 'Driver licence expiry', lastRunAt: null, lastRunDay: null, found: 0 },
    ],
    failures: [],
  })
  const kinds = await screen.findByRole('list', { name: 'Reminder kinds' })
  const when = dayjs(ranAt).format('MMM D, YYYY HH:mm')
  expect(within(kinds).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    `Oil changes${when} · 2 new reminders`,
    `Document expiry${when} · 1 new reminder`,
    'Driver licence expiryNot run yet',
  ])
  expect(screen.getByText('No failed reminders or notifications.')).toBeTruthy()
})

test('failing jobs are listed with what they are, when, whether they will be tried again, and why', async () => {
  await renderWith({
    timeZone: 'Pacific/Auckland',
    kinds: [{ kind: 'oil-change', label: 'Oil changes', lastRunAt: ranAt, lastRunDay: '2026-05-01', found: 0 }],
    failures: [
      { id: 'j1', what: 'Reminder mail', state: 'retry', message: 'Mailbox unavailable, try again later', at: failedAt },
      { id: 'j2', what: 'Push notification', state: 'failed', message: 'Push service answered 500', at: failedAt },
    ],
  })
  const failed = await screen.findByRole('list', { name: 'Failed notifications' })
  const when = dayjs(failedAt).format('MMM D, YYYY HH:mm')
  expect(within(failed).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    `Reminder mail · ${when} · will be tried againMailbox unavailable, try again later`,
    `Push notification · ${when} · gave upPush service answered 500`,
  ])
  expect(screen.queryByText('No failed reminders or notifications.')).toBeNull()
})

test('a driver sees no company reminder settings', async () => {
  server.answer(() => ({ status: 500, body: { message: 'not asked' } }))
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
  const { CompanyReminderSettings } = await import('../../../src/features/notifications/company-reminder-settings.tsx')
  const client = new QueryClient()
  client.setQueryData(['user', 'u1'], annLee({ role: { name: 'driver' } }))
  localStorage.setItem('userId', 'u1')
  const { container } = render(
    <QueryClientProvider client={client}>
      <CompanyReminderSettings />
    </QueryClientProvider>,
  )
  expect(container.textContent).toBe('')
})
