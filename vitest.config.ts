import { defineConfig } from 'vitest/config'

// Tests share one database with the server they start: SQLite in .data/ unless DATABASE_URL names another.
const databaseUrl = process.env.DATABASE_URL || 'file:.data/test.db'
// The global setup and the server it starts read it from the environment too.
process.env.DATABASE_URL = databaseUrl

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    env: { DATABASE_URL: databaseUrl, RATE_LIMIT_SCALE: '1' },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // The JSON report lets .ci/run close each run with a plain 'N passed, N failed' line.
    reporters: ['default', 'json'],
    outputFile: { json: '.data/vitest-report.json' }
  }
})
