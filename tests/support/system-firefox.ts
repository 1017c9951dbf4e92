// The system Firefox the e2e `firefox` project launches (Debian package `firefox-esr`; FIREFOX_PATH
// overrides), through Playwright's WebDriver BiDi `moz-firefox` channel: never a downloaded browser.
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
