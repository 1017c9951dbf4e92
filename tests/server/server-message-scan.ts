// The messages the server can answer with, found in its source the way a reader would find them:
// the text given to a domain error (`new Invalid('…')`), a `message:` of an answer, the constants and
// message-making functions those name (`DUPLICATE_EMAIL_MESSAGE`, `requestSentMessage(…)`), and every
// sentence of the request contracts (core/contract: their validation messages, `v.minLength(3, '…')`). A template
// literal's `${…}` (or a `{name}` it fills later) is a value: it stands for any `{name}` of a catalog key.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface FoundMessage {
  /** The text with each value as `{}`: what a catalog key reads with its placeholders emptied. */
  shape: string
  /** As written, for the failure message. */
  source: string
  file: string
}

const ERRORS = 'Invalid|Refused|NotFound|Conflict|TooLarge|Unprocessable|TooManyAttempts|Unauthenticated'
// A string literal: '…', "…" or `…` (a template's `${…}` may hold a nested quote, not a nested backtick).
const LITERAL = String.raw`('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|\x60(?:\\.|\$\{[^}]*\}|[^\x60\\])*\x60)`
const IDENT = String.raw`([A-Za-z_][A-Za-z0-9_]*)(\()?`

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const unquote = (literal: string) => literal.slice(1, -1)

/** The code without its comments' lines (a comment quotes messages as examples: 'Change Date is not a real date.'). */
const withoutComments = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n')

/** `{}` for each value, so 'Invitation has been sent to ${body.email}.' and its key '… to {email}.' meet. */
export const shapeOfSource = (text: string) => text.replace(/\$\{[^}]*\}|\{\w+\}/g, '{}')
export const shapeOfKey = (key: string) => key.replace(/\{\w+\}/g, '{}')

/** A text a person reads: words and a full stop (so `'subTypes'`, `'files[]'` or `' '` are not). */
const isSentence = (text: string) => /\s/.test(text) && /^[A-Z{$]/.test(text) && /[.?!]$/.test(text.trim())

export function serverMessages(root = '.'): FoundMessage[] {
  const found = new Map<string, FoundMessage>()
  const named = new Set<string>()
  const sources = [...files(path.join(root, 'server')), ...files(path.join(root, 'core', 'contract'))].map((file) => ({ file, text: withoutComments(readFileSync(file, 'utf8')) }))
  const add = (literal: string, file: string) => {
    const source = unquote(literal)
    if (!isSentence(source)) return
    const shape = shapeOfSource(source)
    if (!found.has(shape)) found.set(shape, { shape, source, file })
  }

  for (const { file, text } of sources) {
    const isContract = file.includes(`core${path.sep}contract`)
    const sites = [
      new RegExp(String.raw`new (?:${ERRORS})\(\s*(?:${LITERAL}|${IDENT})`, 'g'),
      new RegExp(String.raw`\bmessage:\s*(?:${LITERAL}|${IDENT})`, 'g'),
      // tooManyAttempts(…) and other helpers that build an error from a text they are given.
      new RegExp(String.raw`\b(?:throw|return)\s+[a-z]\w*\([^)]*?,\s*(?:${LITERAL})`, 'g'),
    ]
    // A contract's sentences are its validation messages, wherever its schemas take them from.
    if (isContract) sites.push(new RegExp(LITERAL, 'g'))
    for (const site of sites) {
      for (const match of text.matchAll(site)) {
        if (match[1]) add(match[1], file)
        else if (match[2]) named.add(match[2])
      }
    }
  }

  // The constants and functions named where a message goes: their texts are messages too.
  for (const name of named) {
    for (const { file, text } of sources) {
      const constant = new RegExp(String.raw`(?:const|let)\s+${name}\s*(?::[^=]+)?=\s*${LITERAL}`, 'g')
      for (const match of text.matchAll(constant)) add(match[1]!, file)
      const fn = new RegExp(String.raw`function\s+${name}\s*\([^)]*\)[^{]*\{([\s\S]*?)\n\}`, 'g')
      for (const match of text.matchAll(fn)) for (const literal of match[1]!.matchAll(new RegExp(LITERAL, 'g'))) add(literal[1]!, file)
      const arrow = new RegExp(String.raw`const\s+${name}\s*=\s*\([^)]*\)(?:\s*:\s*\w+)?\s*=>\s*${LITERAL}`, 'g')
      for (const match of text.matchAll(arrow)) add(match[1]!, file)
    }
  }
  return [...found.values()]
}

/** The shape of every sentence written anywhere in server/ and core/: what a catalog key may still be said as. */
export function sentenceShapes(root = '.'): Set<string> {
  const shapes = new Set<string>()
  for (const file of [...files(path.join(root, 'server')), ...files(path.join(root, 'core'))]) {
    for (const match of withoutComments(readFileSync(file, 'utf8')).matchAll(new RegExp(LITERAL, 'g'))) {
      const text = unquote(match[1]!)
      if (isSentence(text)) shapes.add(shapeOfSource(text))
    }
  }
  return shapes
}
