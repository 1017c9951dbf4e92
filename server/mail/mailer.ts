// Outgoing mail. Without SMTP_URL each message is written as an .eml file under DATA_DIR/mail and its
// link printed to stdout — how a local user and the tests follow invitations and password resets.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The same message as HTML (reminder digests); without it the mail is plain text. */
  html?: string
  /** The one link the message is about, printed to stdout for local use. */
  link: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

export function fileMailer(dir: string, from: string, log: (line: string) => void = console.log): Mailer {
  let counter = 0
  return {
    async send(message) {
      await mkdir(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_')
      const file = path.join(dir, `${stamp}-${counter++}-${safeTo}.eml`)
      const headers = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, `Date: ${new Date().toUTCString()}`, 'MIME-Version: 1.0']
      // Text first: the link printed above and the tests' readers find it in the text part.
      const boundary = `fleetyard-${stamp}-${counter}`
      const body = message.html
        ? [
            `Content-Type: multipart/alternative; boundary="${boundary}"`,
            '',
            `--${boundary}`,
            'Content-Type: text/plain; charset=utf-8',
            '',
            message.text,
            `--${boundary}`,
            'Content-Type: text/html; charset=utf-8',
            '',
            message.html,
            `--${boundary}--`,
            '',
          ]
        : ['Content-Type: text/plain; charset=utf-8', '', message.text, '']
      const eml = [...headers, ...body].join('\r\n')
      await writeFile(file, eml)
      log(`[mail] to ${message.to}: ${message.subject} — ${message.link}`)
    },
  }
}
