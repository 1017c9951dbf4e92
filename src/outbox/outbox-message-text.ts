// The words an op keeps for the user (its lastError) are stored as they arose: the device's own messages
// in English, marked for the catalogs, and a server's refusal already in the user's language (the server
// answers in it). They are put into the language shown at the moment they are shown, so a driver who
// switches to Spanish reads the waiting items in Spanish, including ones that failed before the switch.
import { m, tr } from '../i18n/translate.ts'

/** The kept messages with a number in them (filled in with keptMessage()), each read back by its pattern. */
export const CHANGE_REFUSED_MESSAGE = m('The server refused this change ({status}).')
export const CHANGE_NOT_TAKEN_MESSAGE = m('The server could not take this change ({status}).')
export const UPLOAD_REFUSED_MESSAGE = m('The server refused this upload ({status}).')
export const HELD_MESSAGE_TEMPLATE = m('Sent {days} or more days ago and never confirmed: the server may already have it. Send it anyway or discard it.')

const NUMBERED = [CHANGE_REFUSED_MESSAGE, CHANGE_NOT_TAKEN_MESSAGE, UPLOAD_REFUSED_MESSAGE, HELD_MESSAGE_TEMPLATE].map((template) => {
  const [, name] = /\{(\w+)\}/.exec(template)!
  const [before, after] = template.split(`{${name}}`) as [string, string]
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return { template, name: name!, pattern: new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`) }
})

/** `template` with its number filled in, in English, as kept on an op. */
export function keptMessage(template: string, values: Record<string, number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** An op's kept message in the active language; a message no catalog knows (a server's own words) as it is. */
export function outboxMessageText(message: string): string {
  for (const { template, name, pattern } of NUMBERED) {
    const match = pattern.exec(message)
    if (match) return tr(template, { [name]: Number(match[1]) })
  }
  return tr(message)
}
