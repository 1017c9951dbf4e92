// Real mail through SMTP_URL (e.g. smtp://user:pass@smtp.example.com:587). nodemailer is imported only
// here and only when SMTP is configured, so a default start never loads it.
// A server that refuses or stops answering makes send() reject — within the timeouts below, so a job
// never hangs on it — and the job queue tries again later (jobs/job-queue.ts); no request waits on mail.
import type { Mailer } from './mailer.ts'

/** How long a connection, the server's greeting and any quiet moment may take (nodemailer's defaults are minutes). */
const DEFAULT_TIMEOUT_MS = 30_000

export async function smtpMailer(url: string, from: string, options: { timeoutMs?: number } = {}): Promise<Mailer> {
  const nodemailer = await import('nodemailer')
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const transport = nodemailer.createTransport({ url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout })
  return {
    async send(message) {
      // The link is not logged: with real mail it is a secret meant for the recipient alone.
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) })
    },
  }
}
