import { defineConfig } from 'vitest/config'
import { scaled } from './tests/support/slowdown.ts'

// Test and hook timeouts are backstops scaled by the machine's load (tests/support/slowdown.ts).
// `npm run test:pg` sets TEST_DATABASE=postgres: a temp PostgreSQL cluster runs for the whole run and the
// server harness gives each test file its own database on it (tests/pg).
const onPostgres = process.env.TEST_DATABASE === 'postgres'

// Vitest runs one file at a time on a 2-core machine by default (cores − 1). The unit, server and
// security files run in-process and leave the second core idle; two at a time uses it. The fault
// files start server processes of their own, which already take the second core.
const IN_PROCESS_WORKERS = 2

export default defineConfig({
  test: {
    globalSetup: onPostgres ? ['tests/pg/global-setup.ts'] : [],
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: IN_PROCESS_WORKERS,
          testTimeout: scaled(5_000),
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          maxWorkers: IN_PROCESS_WORKERS,
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
        },
      },
      {
        test: {
          name: 'security',
          maxWorkers: IN_PROCESS_WORKERS,
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: scaled(120_000),
          hookTimeout: scaled(60_000),
        },
      },
      {
        // Fault suite (issue 7): real server processes killed and restarted, PostgreSQL stopped, a full disk.
        test: {
          name: 'faults',
          // After the in-process files, one at a time (a group of its own may have its own worker count).
          sequence: { groupOrder: 1 },
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(240_000),
          hookTimeout: scaled(180_000),
        },
      },
      {
        // The driver's offline journey in WebKit (issue 23): WebKitWebDriver + MiniBrowser under xvfb-run,
        // against the built app (dist/, or E2E_DIST_DIR) — `npm test` runs it after the build, with
        // `vitest run --project webkit`, and leaves it out of the first `vitest run`. Each step waits on
        // its own expectation (60 s); the whole journey's budget is only a backstop.
        test: {
          name: 'webkit',
          include: ['tests/webkit/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(300_000),
          hookTimeout: scaled(180_000),
        },
      },
      {
        // The README's screenshots (issue 25): `npm run screenshots` on the built app, after the build like
        // the WebKit journey (`vitest run --project webkit --project screenshots` in `npm test`); the first
        // `vitest run` leaves its file out (`--exclude`: a second `--project '!…'` would include it again).
        test: {
          name: 'screenshots',
          include: ['tests/screenshots/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(300_000),
        },
      },
    ],
  },
})
