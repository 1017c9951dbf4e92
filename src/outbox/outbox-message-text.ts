// The words an op keeps for the user (its lastError) are stored as they arose: the device's own messages
// in English, marked for the catalogs, and a server's refusal already in the user's language (the server
// answers in it). They are put into the language shown at the moment they are shown, so a driver who
// switches to Spanish reads the waiting items in Spanish, including ones that failed before the switch.
import { m, tr } from '../i18n/translate.ts'

/** Messages with a number in them, kept filled in (English) on the op: each read back by its pattern. */
const NUMBERED = [
  m('The server refused this change ({status}).'),
  m('The server could not take this change ({status}).'),
  m('The server refused this upload ({status}).'),
  m('Sent {days} or more days ago and never confirmed: the server may already have it. Send it anyway or discard it.'),
].map((template) => {
  const [, name] = /\{(\w+)\}/.exec(template)!
  const [before, after] = template.split(`{${name}}`) as [string, string]
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return { template, name: name!, pattern: new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`) }
})

/** `template` with its `{status}` filled in, as kept on an op. */
export function withStatus(template: string, status: number): string {
  return template.replace('{status}', String(status))
}

/** An op's kept message in the active language; a message no catalog knows (a server's own words) as it is. */
export function outboxMessageText(message: string): string {
  for (const { template, name, pattern } of NUMBERED) {
    const match = pattern.exec(message)
    if (match) return tr(template, { [name]: Number(match[1]) })
  }
  return tr(message)
}
