import { defineConfig } from 'vitest/config'

// `npm run test:pg` sets TEST_DATABASE=postgres: a temp PostgreSQL cluster runs for the whole run and the
// server harness gives each test file its own database on it (tests/pg).
const onPostgres = process.env.TEST_DATABASE === 'postgres'

export default defineConfig({
  test: {
    globalSetup: onPostgres ? ['tests/pg/global-setup.ts'] : [],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/server/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Fault suite (issue 7): real server processes killed and restarted, PostgreSQL stopped, a full disk.
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
