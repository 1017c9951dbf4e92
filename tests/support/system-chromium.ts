// The system Chromium that e2e tests and browser benchmarks launch (never a downloaded one), and the
// flags that keep it from doing background work of its own.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

/** The e2e suites also keep Chromium off QUIC, so the tests' proxies and request routing see every request. */
export const E2E_CHROMIUM_FLAGS = [...CHROMIUM_FLAGS, '--disable-quic']
