// The language catalogs (src/i18n/catalogs/<locale>.json, English text → ICU message) compiled at build
// time into Lingui's runtime form and emitted as JSON files: `import url from './catalogs/es.json?catalog'`
// gives the URL of the compiled catalog. So the browser gets neither the ICU parser (about 6 KB gzip)
// nor catalog text as JavaScript to parse; it fetches data, which the service worker precaches with
// the shell (docs/decisions/022-languages.md).
import { readFileSync } from 'node:fs'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

const SUFFIX = '?catalog'

/** A catalog's messages compiled for @lingui/core (`i18n.load`), as JSON text. */
export function compileCatalog(source: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(source).map(([id, message]) => [id, compileMessage(message)])))
}

export function catalogs(): Plugin {
  let serving = false
  return {
    name: 'fleetyard:catalogs',
    configResolved(config) {
      serving = config.command === 'serve'
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null
      const file = id.slice(0, -SUFFIX.length)
      this.addWatchFile(file)
      const compiled = compileCatalog(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
      if (serving) return `export default ${JSON.stringify(`data:application/json;base64,${Buffer.from(compiled).toString('base64')}`)}`
      const name = file.split('/').at(-1)!
      const ref = this.emitFile({ type: 'asset', name, source: compiled })
      return `export default import.meta.ROLLUP_FILE_URL_${ref}`
    },
  }
}
