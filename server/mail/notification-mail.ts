// The mails notifications send: the daily reminder digest and the test notification, each as text and
// HTML, every item linking into the app at PUBLIC_URL. What a reminder says is decided by its rule
// (server/reminders/rules); this file only lays it out.
import type { MailMessage } from './mailer.ts'

export interface MailedItem {
  title: string
  body: string
  /** App path, e.g. /unit/<id>. */
  link: string
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!)

function page(heading: string, paragraphs: string[], listHtml: string, footer: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
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

function settingsFooter(publicUrl: string): { text: string; html: string } {
  const settings = `${publicUrl}/settings`
  return {
    text: `Choose which notifications you get in Settings: ${settings}`,
    html: `Choose which notifications you get in <a href="${escapeHtml(settings)}" style="color:#3c50e0">Settings</a>.`,
  }
}

/** One person's reminders of the day, in one mail. */
export function reminderDigestMail(to: string, options: { firstName: string; dayLabel: string; items: readonly MailedItem[]; publicUrl: string }): MailMessage {
  const { items, publicUrl } = options
  const count = items.length === 1 ? '1 reminder' : `${items.length} reminders`
  const greeting = `Hello${options.firstName ? ` ${options.firstName}` : ''},`
  const footer = settingsFooter(publicUrl)
  const list = `${publicUrl}/notifications`
  return {
    to,
    subject: `Fleetyard: ${count} for ${options.dayLabel}`,
    text: [
      greeting,
      '',
      `You have ${count} for ${options.dayLabel}:`,
      '',
      ...items.flatMap((item) => [`- ${item.title}`, `  ${item.body}`, `  ${publicUrl}${item.link}`, '']),
      `All your notifications: ${list}`,
      '',
      footer.text,
    ].join('\n'),
    html: page(
      `${count[0]!.toUpperCase()}${count.slice(1)} for ${options.dayLabel}`,
      [escapeHtml(greeting)],
      itemsHtml(items, publicUrl),
      `<a href="${escapeHtml(list)}" style="color:#3c50e0">All your notifications</a> · ${footer.html}`,
    ),
    link: list,
  }
}

/** 'Send me a test notification', by mail. */
export function testNotificationMail(to: string, publicUrl: string): MailMessage {
  const settings = `${publicUrl}/settings`
  return {
    to,
    subject: 'Fleetyard test notification',
    text: ['Hello,', '', 'This is the test notification you asked for: Fleetyard reminders reach you by mail.', '', `Notification settings: ${settings}`].join('\n'),
    html: page(
      'Test notification',
      ['This is the test notification you asked for: Fleetyard reminders reach you by mail.'],
      '',
      `<a href="${escapeHtml(settings)}" style="color:#3c50e0">Notification settings</a>`,
    ),
    link: settings,
  }
}
