// The messages the app's code translates: every `t('…')` and `m('…')` call's English text under src/ (the catalog
// test compares them with the catalogs). A call whose first argument is not a plain string literal is
// reported too: its message could be in no catalog and no test would know.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface UsedMessages {
  messages: Set<string>
  /** `file:line` of t() calls that pass something other than a string literal. */
  dynamicCalls: string[]
}

const CALL = /(?<![\w.$])[tm]\(\s*/g
const SINGLE = /^'((?:[^'\\\n]|\\.)*)'/
const DOUBLE = /^"((?:[^"\\\n]|\\.)*)"/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

function unescape(body: string): string {
  return body.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char))
}

export function usedMessages(root = 'src'): UsedMessages {
  const messages = new Set<string>()
  const dynamicCalls: string[] = []
  // translate.ts defines t() and m() and passes messages on; it has no messages of its own.
  for (const file of sourceFiles(root).filter((candidate) => !candidate.endsWith(path.join('i18n', 'translate.ts')))) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(CALL)) {
      const rest = text.slice(match.index + match[0].length)
      const literal = SINGLE.exec(rest) ?? DOUBLE.exec(rest)
      // Comments mention t() without calling it.
      const line = text.slice(text.lastIndexOf('\n', match.index) + 1, match.index).trimStart()
      if (line.startsWith('//') || line.startsWith('/*') || line.startsWith('*') || line.includes(' // ')) continue
      if (literal) messages.add(unescape(literal[1]!))
      else dynamicCalls.push(`${file}:${text.slice(0, match.index).split('\n').length}`)
    }
  }
  return { messages, dynamicCalls }
}
