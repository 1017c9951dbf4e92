// `npm test` fails loudly, before anything runs, when an engine the e2e tests need is missing: Chromium
// and Firefox ESR for Playwright, WebKitWebDriver (+ MiniBrowser) and xvfb-run for the WebKit journey.
import { accessSync, constants } from 'node:fs'

const engines = [
  { file: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', install: 'apt-get install -y chromium (or set CHROMIUM_PATH)' },
  { file: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', install: 'apt-get install -y firefox-esr (or set FIREFOX_PATH)' },
  { file: process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver', install: 'apt-get install -y webkit2gtk-driver' },
  { file: process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', install: 'apt-get install -y webkit2gtk-driver' },
  { file: '/usr/bin/xvfb-run', install: 'apt-get install -y xvfb' },
]
const missing = engines.filter(({ file }) => {
  try {
    accessSync(file, constants.X_OK)
    return false
  } catch {
    return true
  }
})
for (const { file, install } of missing) console.error(`Not found: ${file}. Install it: ${install}.`)
if (missing.length > 0) process.exit(1)
