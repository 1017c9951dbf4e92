// The mails notifications send: the daily reminder digest and the test notification, each as text and
// HTML, every item linking into the app at PUBLIC_URL. What a reminder says is decided by its rule
// (server/reminders/rules); this file only lays it out, in the recipient's language.
import type { Language } from '../../core/contract/auth.ts'
import { say } from '../i18n/server-messages.ts'
import { longDate } from '../reminders/local-day.ts'
import type { MailMessage } from './mailer.ts'

export interface MailedItem {
  title: string
  body: string
  /** App path, e.g. /unit/<id>. */
  link: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!)

function page(language: Language | null, heading: string, paragraphs: string[], listHtml: string, footer: string): string {
  return [
    '<!doctype html>',
    `<html lang="${language ?? 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>`,
    '<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${paragraph}</p>`),
    listHtml,
    `<p style="margin:24px 0 0;font-size:12px;color:#475569">${footer}</p>`,
    '</div></body></html>',
  ].join('\n')
}

function itemsHtml(items: readonly MailedItem[], publicUrl: string): string {
  const rows = items.map(
    (item) =>
      `<li style="margin:0 0 12px"><a href="${escapeHtml(publicUrl + item.link)}" style="color:#3c50e0;font-weight:bold">${escapeHtml(item.title)}</a><br>${escapeHtml(item.body)}</li>`,
  )
  return `<ul style="padding-left:20px;margin:0">${rows.join('')}</ul>`
}

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="color:#3c50e0">${escapeHtml(text)}</a>`

function settingsFooter(publicUrl: string, language: Language | null): { text: string; html: string } {
  const settings = `${publicUrl}/settings`
  return {
    text: say(language, 'Choose which notifications you get in Settings: {url}', { url: settings }),
    // The word 'Settings' is the link, wherever the language puts it.
    html: escapeHtml(say(language, 'Choose which notifications you get in {settings}.', { settings: '\u0000' })).replace('\u0000', link(settings, say(language, 'Settings'))),
  }
}

/** One person's reminders of the day, in one mail, in their language (the items were written in it when raised). */
export function reminderDigestMail(
  to: string,
  options: { firstName: string; day: string; items: readonly MailedItem[]; publicUrl: string; language?: Language | null },
): MailMessage {
  const { items, publicUrl } = options
  const language = options.language ?? null
  const values = { count: items.length, day: longDate(options.day, language) }
  const one = items.length === 1
  const greeting = options.firstName ? say(language, 'Hello {firstName},', { firstName: options.firstName }) : say(language, 'Hello,')
  const footer = settingsFooter(publicUrl, language)
  const list = `${publicUrl}/notifications`
  return {
    to,
    subject: one ? say(language, 'Fleetyard: 1 reminder for {day}', values) : say(language, 'Fleetyard: {count} reminders for {day}', values),
    text: [
      greeting,
      '',
      one ? say(language, 'You have 1 reminder for {day}:', values) : say(language, 'You have {count} reminders for {day}:', values),
      '',
      ...items.flatMap((item) => [`- ${item.title}`, `  ${item.body}`, `  ${publicUrl}${item.link}`, '']),
      say(language, 'All your notifications: {url}', { url: list }),
      '',
      footer.text,
    ].join('\n'),
    html: page(
      language,
      one ? say(language, '1 reminder for {day}', values) : say(language, '{count} reminders for {day}', values),
      [escapeHtml(greeting)],
      itemsHtml(items, publicUrl),
      `${link(list, say(language, 'All your notifications'))} · ${footer.html}`,
    ),
    link: list,
  }
}

/** 'Send me a test notification', by mail. */
export function testNotificationMail(to: string, publicUrl: string, language: Language | null = null): MailMessage {
  const settings = `${publicUrl}/settings`
  const line = say(language, 'This is the test notification you asked for: Fleetyard reminders reach you by mail.')
  return {
    to,
    subject: say(language, 'Fleetyard test notification'),
    text: [say(language, 'Hello,'), '', line, '', say(language, 'Notification settings: {url}', { url: settings })].join('\n'),
    html: page(language, say(language, 'Test notification'), [escapeHtml(line)], '', link(settings, say(language, 'Notification settings'))),
    link: settings,
  }
}
