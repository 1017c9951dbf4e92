// The text of every mail Fleetyard sends. Each carries one link, which the file mailer also prints.
import type { MailMessage } from './mailer.ts'

export function invitationMail(to: string, companyName: string, link: string): MailMessage {
  return {
    to,
    subject: `You are invited to join ${companyName} on Fleetyard`,
    text: [
      'Hello,',
      '',
      `${companyName} has invited you to join them on Fleetyard as a driver.`,
      'Create your account with this link (it works once and expires in 7 days):',
      '',
      link,
      '',
      'If you were not expecting this invitation, you can ignore this email.',
    ].join('\n'),
    link,
  }
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Fleetyard password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Fleetyard account.',
      'Set a new password with this link (it works once and expires in 1 hour):',
      '',
      link,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
    link,
  }
}

/** An invitation to an address that already has an account: it says so, and never tells the sender. */
export function invitationToAccountMail(to: string, companyName: string, link: string): MailMessage {
  return {
    to,
    subject: `${companyName} invited you to Fleetyard`,
    text: [
      'Hello,',
      '',
      `${companyName} has invited you to join them on Fleetyard as a driver, but this address already has a Fleetyard account.`,
      'Sign in with it here:',
      '',
      link,
      '',
      'If you were not expecting this invitation, you can ignore this email.',
    ].join('\n'),
    link,
  }
}
