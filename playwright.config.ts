import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_PATH, E2E_CHROMIUM_FLAGS } from './tests/support/system-chromium.ts'

// Never downloads a browser: the system Chromium (Debian package) or CHROMIUM_PATH.
export const chromiumPath = CHROMIUM_PATH

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  // Under CI (CI set) a failed test runs once more and a pass on the second try is reported as flaky,
  // not hidden: each CI rehearsal on this loaded 2-core machine turned up one new timing flake in ~100
  // tests (three fixed so far; units-paging's head-start order is open), and one flake must not keep
  // every other change off main. A test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Sign-in and sign-up hash with scrypt at OWASP cost (128 MiB, CPU-bound): on a shared 2-core machine a
  // busy moment can take several seconds, so waits get room. These are waits, never timing assertions.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: E2E_CHROMIUM_FLAGS,
    },
  },
})
