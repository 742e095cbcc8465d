import { availableParallelism } from 'node:os'
import { defineVitestProject } from '@nuxt/test-utils/config'
import { configDefaults, defineConfig } from 'vitest/config'

// Tests share one database with the server they start: SQLite in .data/ unless DATABASE_URL names another.
const databaseUrl = process.env.DATABASE_URL || 'file:.data/test.db'
// The global setups and the server they start read it from the environment too.
process.env.DATABASE_URL = databaseUrl
// The suite's processes (test workers, the shared server, the servers and CLIs tests start) all write one SQLite
// file; on a busy machine one can hold its write lock past the default 5 s wait while descheduled, and a test would
// fail for the machine's speed, not a fault (issue 45). A school's server is one writer process.
process.env.ROLLBOOK_SQLITE_BUSY_TIMEOUT_MS ??= '30000'
// The runner's pid names the file where every process the run starts is noted (tests/support/test-processes.ts);
// this file is read in the runner, and its workers inherit the variable.
process.env.ROLLBOOK_TEST_RUNNER = String(process.pid)

// What cannot turn out differently on PostgreSQL runs in the SQLite run alone: CI runs both suites side by side
// on two cores, within fifteen minutes. The pure rules have no database; `npm start` is run with a database of its
// own making, never the suite's; how the admin CLI is started (npm run, its bin) decides only which code runs, and
// what the CLI says (its help, its one-line refusals, its exit codes, the password it hides from a PostgreSQL address
// it cannot reach, given whichever suite runs) is the CLI's own, its commands being the domain functions both suites
// run; ten uploads at once test the process's memory and its upload slots, which are per process, not in the database;
// the files Rollbook writes are SQLite's own and the exports', whatever the suite's database (and CI runs the PostgreSQL
// integration project beside better-sqlite3's compile).
const onPostgres = /^postgres(ql)?:\/\//.test(databaseUrl)
const databaseFree = [
  'tests/e2e/scripts/start.test.ts', 'tests/e2e/cli/entry-points.test.ts', 'tests/e2e/cli/admin.test.ts', 'tests/e2e/api/v1/import-uploads-at-once.test.ts',
  'tests/integration/db/file-modes.test.ts'
]
// And the other way: what the contract asks of PostgreSQL alone, two server processes committing on one server's
// sequence (the events feed read while two instances write); on SQLite one file's writer orders them anyway. A
// district's three instances behind HAProxy: SQLite keeps one instance (docs/operations.md, "Running a district").
// The read replica is PostgreSQL's streaming replication (a SQLite file has none, and refuses DATABASE_REPLICA_URL): its
// test makes a primary and a standby cluster of its own, so it needs PostgreSQL's binaries, not the suite's database.
const postgresOnly = [
  'tests/e2e/operations/events-feed-two-instances.test.ts', 'tests/e2e/operations/three-instances.test.ts', 'tests/e2e/operations/read-replica.test.ts'
]
// The screens in the browser run once, in one suite or the other, but for sign-in (passkeys and sessions kept in the
// database), which runs in both: each route a screen calls runs on both databases in tests/e2e/api/app, and a
// browser file costs 15 to 100 seconds of both cores. Most run on SQLite, the README's command; two settings
// screens and the settings' keyboard walk run on PostgreSQL, so that the two suites CI runs side by side end together
// (SQLite's ran 90 s longer). The languages file too: sign-in and the portal in four languages read no table
// the two databases could answer differently, and the SQLite suite has the other new screens. And consents and
// messages, since CI runs the PostgreSQL suite's integration project beside the build (.ci/run), which leaves its
// e2e and browser projects the shorter part after it; and retention's, subject access's and the family office's
// screens (SQLite's part ran 70 s longer on 29 November).
const browserOnPostgres = [
  'tests/browser/school-settings.test.ts', 'tests/browser/imports-settings.test.ts', 'tests/browser/keyboard-settings.test.ts',
  'tests/browser/languages.test.ts', 'tests/browser/consents-messages.test.ts', 'tests/browser/retention-settings.test.ts',
  'tests/browser/retention-due.test.ts', 'tests/browser/subject-access.test.ts', 'tests/browser/family-office.test.ts'
]
const browserFiles = onPostgres ? ['tests/browser/sign-in.test.ts', ...browserOnPostgres] : ['tests/browser/**/*.test.ts']

// Five projects, each runnable alone (`npm test -- --project unit`); `npm test` runs them all. A project's
// global setups run only when it has tests to run; what two projects share (the fresh database, the
// build and its server) is done once per run (tests/support/once-per-run.ts).
const database = 'tests/support/setup-database.ts'
// First in every project's list, so that its teardown comes last: it fails the run when a process a test started is left.
const processes = 'tests/support/setup-processes.ts'
// And after each file, what that file started (tests/support/check-processes.ts). Each test's budget goes in the
// JSON report beside its time, for test:busy's list of the tests closest to theirs (tests/support/note-budget.ts).
const checkProcesses = 'tests/support/check-processes.ts'
const noteBudget = 'tests/support/note-budget.ts'
const server = 'tests/support/setup-server.ts'
// Two files at once even on two cores (vitest's default there is one): a file spends much of its time waiting
// on a server, a child process or a receiver's clock, and the other file fills that time. Browser files that
// read the shared demo school count only what no other file changes (another file's people go in a school of
// its own).
const maxWorkers = Math.max(2, availableParallelism() - 1)
// Pure rules only: a unit test that opens the database fails on this address instead of using one.
const unit = { extends: true as const, test: {
  name: 'unit', include: ['tests/unit/**/*.test.ts'], globalSetup: [processes], setupFiles: [checkProcesses, noteBudget],
  env: { DATABASE_URL: 'none:unit-tests-have-no-database' }
} }

// Composables and components in the Nuxt environment (@nuxt/test-utils: the app's auto-imports, useState, $fetch
// answered by registerEndpoint, mountSuspended in happy-dom), without a browser, a build or a server. Its tests mirror
// their source under tests/nuxt/. Making the project starts Nuxt to read its Vite config (about 5 s), so it is made
// only when the run may include it: with the pure rules on SQLite alone (it has no database), and not when --project
// names others only. Its build folder is its own, so that `nuxt typecheck` beside the suite (.ci/run) never reads a
// half-written .nuxt; and it has no pages (their routes are no component's business, and cost seconds to read).
function projectsNamed(argv: readonly string[]): string[] {
  return argv.flatMap((arg, i) => arg === '--project' ? [argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [])
}
const named = projectsNamed(process.argv)
const nuxtAsked = !named.length || named.some(name => name === 'nuxt' || /[*!]/.test(name))
const nuxt = () => defineVitestProject({
  // happy-dom applies no style: Tailwind's pass over assets/css/main.css (about 4 s) buys these tests nothing.
  plugins: [{ name: 'rollbook:no-styles-in-nuxt-tests', enforce: 'pre', load: (id: string) => /\.css(\?|$)/.test(id) ? '' : undefined }],
  test: {
    name: 'nuxt',
    include: ['tests/nuxt/**/*.test.ts'],
    setupFiles: [noteBudget],
    // Its own, since a Nuxt project does not extend the root's: the first file of a worker boots the app (about 8 s quiet).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    env: { DATABASE_URL: 'none:nuxt-tests-have-no-database' },
    environmentOptions: { nuxt: { domEnvironment: 'happy-dom', overrides: { buildDir: '.data/nuxt-vitest', pages: false } } }
  }
})
const pureProjects = onPostgres ? [] : [unit, ...nuxtAsked ? [await nuxt()] : []]

export default defineConfig({
  test: {
    env: { DATABASE_URL: databaseUrl, RATE_LIMIT_SCALE: '1', ROLLBOOK_TEST_RUNNER: process.env.ROLLBOOK_TEST_RUNNER },
    // A test's budget is for a hang, not for speed (issue 45): on CI's two cores under both suites (load average near 20
    // on 28 November), tests that take 5 to 20 s alone ran past 60 s (CLI processes, uploads, bursts of pages).
    testTimeout: 180_000,
    // Files share their worker's modules (each still makes schools of its own): a fresh module graph per
    // file cost about a second a file, a third of the integration run, and CI runs two suites on two cores.
    isolate: false,
    maxWorkers,
    hookTimeout: 180_000,
    // The JSON report lets .ci/run close each run with a plain 'N passed, N failed' line; CI runs the
    // two databases' suites side by side, each naming its own report.
    reporters: ['default', 'json'],
    // The nuxt project's mountSuspended renders through <Suspense>, and Vue says once a file that its API is experimental.
    onConsoleLog: log => !log.includes('<Suspense> is an experimental feature'),
    outputFile: { json: process.env.ROLLBOOK_TEST_REPORT || '.data/vitest-report.json' },
    exclude: onPostgres ? [...configDefaults.exclude, ...databaseFree] : [...configDefaults.exclude, ...postgresOnly, ...browserOnPostgres],
    projects: [
      ...pureProjects,
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], globalSetup: [processes, database], setupFiles: [checkProcesses, noteBudget] }
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: [processes, database, server], setupFiles: [checkProcesses, noteBudget] }
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: browserFiles,
          // A journey through a real browser is many page loads, each waiting on the server and Chromium's renderers; on CI's
          // two cores, shared by both suites, one ran 60 s where alone it takes 20 to 45 s (issue 45: no verdict from the
          // machine's speed). The budget notes (tests/support/note-budget.ts) still say which come closest.
          testTimeout: 240_000,
          globalSetup: [processes, database, server, 'tests/support/setup-browser.ts'],
          setupFiles: [checkProcesses, noteBudget, 'tests/support/skip-without-chromium.ts']
        }
      }
    ]
  }
})
