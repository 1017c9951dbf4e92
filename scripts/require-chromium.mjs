// `npm test` fails loudly, before anything runs, when the browser the e2e tests need is missing.
import { accessSync, constants } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
try {
  accessSync(chromium, constants.X_OK)
} catch {
  console.error(`Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}
