// The text of every mail Fleetyard sends, in the recipient's language (server/i18n; null: English).
// Each carries one link, which the file mailer also prints.
import type { Language } from '../../core/contract/auth.ts'
import { say } from '../i18n/server-messages.ts'
import type { MailMessage } from './mailer.ts'

export function invitationMail(to: string, companyName: string, link: string, language: Language | null = null): MailMessage {
  return {
    to,
    subject: say(language, 'You are invited to join {companyName} on Fleetyard', { companyName }),
    text: [
      say(language, 'Hello,'),
      '',
      say(language, '{companyName} has invited you to join them on Fleetyard as a driver.', { companyName }),
      say(language, 'Create your account with this link (it works once and expires in 7 days):'),
      '',
      link,
      '',
      say(language, 'If you were not expecting this invitation, you can ignore this email.'),
    ].join('\n'),
    link,
  }
}

// The reset mail goes to an account, so it is written in the language the user chose (null: English).
const PASSWORD_RESET_TEXT: Record<Language, { subject: string; lines: [string, string, string, string] }> = {
  en: {
    subject: 'Reset your Fleetyard password',
    lines: [
      'Hello,',
      'Someone asked to reset the password of your Fleetyard account.',
      'Set a new password with this link (it works once and expires in 1 hour):',
      'If it was not you, ignore this email: your password stays as it is.',
    ],
  },
  es: {
    subject: 'Restablezca su contraseña de Fleetyard',
    lines: [
      'Hola:',
      'Alguien pidió restablecer la contraseña de su cuenta de Fleetyard.',
      'Cree una nueva contraseña con este enlace (sirve una sola vez y vence en 1 hora):',
      'Si no fue usted, ignore este correo: su contraseña no cambia.',
    ],
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Fleetyard',
    lines: [
      'Bonjour,',
      'Quelqu’un a demandé de réinitialiser le mot de passe de votre compte Fleetyard.',
      'Créez un nouveau mot de passe avec ce lien (il fonctionne une fois et expire dans 1 heure) :',
      'Si ce n’était pas vous, ignorez ce courriel : votre mot de passe reste le même.',
    ],
  },
}

export function passwordResetMail(to: string, link: string, language: Language | null = null): MailMessage {
  const { subject, lines } = PASSWORD_RESET_TEXT[language ?? 'en']
  const [hello, asked, useLink, notYou] = lines
  return {
    to,
    subject,
    text: [hello, '', asked, useLink, '', link, '', notYou].join('\n'),
    link,
  }
}

/** A new account: it is ready, and when it asked to join a company, that the owner must approve. */
export function welcomeMail(to: string, companyName: string | null, link: string, language: Language | null = null): MailMessage {
  return {
    to,
    subject: say(language, 'Welcome to Fleetyard'),
    text: [
      say(language, 'Hello,'),
      '',
      say(language, 'Your Fleetyard account is ready.'),
      ...(companyName ? [say(language, 'Your request to join {companyName} has been sent; you can use it once the owner approves.', { companyName })] : []),
      say(language, 'Sign in here:'),
      '',
      link,
      '',
      say(language, 'If you did not sign up, you can ignore this email.'),
    ].join('\n'),
    link,
  }
}

/** Someone signed up with an address that already has an account: the sign-up told them nothing, this tells the owner. */
export function accountExistsMail(to: string, link: string, language: Language | null = null): MailMessage {
  return {
    to,
    subject: say(language, 'Someone tried to sign up with your email'),
    text: [
      say(language, 'Hello,'),
      '',
      say(language, 'Someone tried to create a Fleetyard account with this email address, which already has one.'),
      say(language, 'Nothing has changed: no account was created and your password is the same.'),
      say(language, 'If it was you and you have forgotten your password, you can set a new one here:'),
      '',
      link,
      '',
      say(language, 'If it was not you, you can ignore this email.'),
    ].join('\n'),
    link,
  }
}

/** The owner's answer to a request to join their company. */
export function joinDecisionMail(to: string, companyName: string, approved: boolean, link: string, language: Language | null = null): MailMessage {
  return {
    to,
    subject: approved ? say(language, 'You have joined {companyName} on Fleetyard', { companyName }) : say(language, 'Your request to join {companyName}', { companyName }),
    text: [
      say(language, 'Hello,'),
      '',
      approved
        ? say(language, '{companyName} has approved your request: you are now one of its drivers. Sign in to see your units:', { companyName })
        : say(language, '{companyName} has declined your request to join. You can sign in and apply to another company:', { companyName }),
      '',
      link,
    ].join('\n'),
    link,
  }
}

/** An invitation to an address that already has an account: it says so, and never tells the sender. */
export function invitationToAccountMail(to: string, companyName: string, link: string, language: Language | null = null): MailMessage {
  return {
    to,
    subject: say(language, '{companyName} invited you to Fleetyard', { companyName }),
    text: [
      say(language, 'Hello,'),
      '',
      say(language, '{companyName} has invited you to join them on Fleetyard as a driver, but this address already has a Fleetyard account.', { companyName }),
      say(language, 'Sign in with it here:'),
      '',
      link,
      '',
      say(language, 'If you were not expecting this invitation, you can ignore this email.'),
    ].join('\n'),
    link,
  }
}
