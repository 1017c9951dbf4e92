// Mail goes out only from jobs (issue 15, decision 009): no route or domain module sends it inline, so a
// mail server that is down delays mail and never a request. Read from the source, like the import rules.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const serverFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.ts'))

/** Where sending is allowed: the job handlers and what they call, and the mailers themselves. */
const SENDERS = ['server/jobs/job-handlers.ts', 'server/notifications/deliver.ts']

test('only the job handlers send mail', () => {
  const sending = serverFiles.filter((file) => !file.startsWith('server/mail/') && /mailer\.send\(/.test(readFileSync(path.join(root, file), 'utf8')))
  expect(sending.sort()).toEqual([...SENDERS].sort())
})

test('routes never reach the mailer at all', () => {
  const routes = serverFiles.filter((file) => file.startsWith('server/routes/'))
  expect(routes.length).toBeGreaterThan(10)
  expect(routes.filter((file) => /\bmailer\b/.test(readFileSync(path.join(root, file), 'utf8')))).toEqual([])
})
