// Real mail through SMTP_URL (e.g. smtp://user:pass@smtp.example.com:587). nodemailer is imported only
// here and only when SMTP is configured, so a default start never loads it.
import type { Mailer } from './mailer.ts'

export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const nodemailer = await import('nodemailer')
  const transport = nodemailer.createTransport(url)
  return {
    async send(message) {
      // The link is not logged: with real mail it is a secret meant for the recipient alone.
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text })
    },
  }
}
