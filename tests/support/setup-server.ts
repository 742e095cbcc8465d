import { execFileSync } from 'node:child_process'
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { oncePerRun } from './once-per-run'
import { projectRoot, startBuiltServer } from './server-process'
import { freshTestDatabase } from './setup-database'
import { leaksInServerLog } from './log-scan'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    serverLogPath: string
    /** Where tests/support/api.ts notes every cursor the server hands out, for the log scan. */
    cursorLogPath: string
  }
}

const serverLogPath = resolve(projectRoot, `.data/test-server-${process.pid}.log`)
const cursorLogPath = resolve(projectRoot, `.data/test-cursors-${process.pid}.log`)

/**
 * Builds the app once and starts one production server on the fresh database for every test file of
 * every project that asks (building per file, as `setup({ server: true })` does, costs about nine
 * seconds each). `ROLLBOOK_TEST_SKIP_BUILD=1` reuses an existing `.output` while iterating locally.
 */
function sharedServer() {
  return oncePerRun('server', async () => {
    if (process.env.ROLLBOOK_TEST_SKIP_BUILD !== '1') {
      execFileSync(
        resolve(projectRoot, 'node_modules/.bin/nuxt'), ['build'],
        { cwd: projectRoot, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } }
      )
    }
    await freshTestDatabase()
    const server = await startBuiltServer()
    // A fresh clone run on PostgreSQL first has no .data yet.
    mkdirSync(dirname(serverLogPath), { recursive: true })
    writeFileSync(serverLogPath, server.output())
    writeFileSync(cursorLogPath, '')
    for (const stream of [server.process.stdout!, server.process.stderr!]) stream.on('data', chunk => appendFileSync(serverLogPath, chunk))
    return server
  })
}

export async function setup(project: TestProject) {
  const server = await sharedServer()
  project.provide('baseUrl', server.url)
  project.provide('serverLogPath', serverLogPath)
  project.provide('cursorLogPath', cursorLogPath)
}

/**
 * Vitest tears every project down after the whole run, so the first teardown may stop the server.
 * Then, with every test file done and every line out, the whole log is scanned for what it must
 * never hold (tests/support/log-scan.ts); a leak fails the run here, naming the line. A run of only
 * some files scans what those files made the server write.
 */
export async function teardown() {
  await oncePerRun('server stopped', async () => {
    // When the build or the start failed, its setup has already reported why.
    const server = await sharedServer().catch(() => undefined)
    if (!server) return
    await server.stop()
    const leaks = await leaksInServerLog(serverLogPath, cursorLogPath)
    rmSync(cursorLogPath, { force: true })
    if (leaks.length) {
      // Vitest reports an error thrown here ("error during close") but exits 0 for it; the run must fail.
      process.exitCode = 1
      // The log stays for reading.
      const listed = leaks.slice(0, 20).map(leak => `  line ${leak.line}: ${leak.what}: ${leak.excerpt}`).join('\n')
      throw new Error(`The server log holds what it must never hold (docs/operations.md, "Logs"); kept at ${serverLogPath}:\n${listed}`)
    }
    rmSync(serverLogPath, { force: true })
  })
}
