import { execFileSync } from 'node:child_process'
import { appendFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { oncePerRun } from './once-per-run'
import { projectRoot, startBuiltServer } from './server-process'
import { freshTestDatabase } from './setup-database'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    serverLogPath: string
  }
}

const serverLogPath = resolve(projectRoot, `.data/test-server-${process.pid}.log`)

/**
 * Builds the app once and starts one production server on the fresh database for every test file of
 * every project that asks (building per file, as `setup({ server: true })` does, costs about nine
 * seconds each). `ROLLBOOK_TEST_SKIP_BUILD=1` reuses an existing `.output` while iterating locally.
 */
function sharedServer() {
  return oncePerRun('server', async () => {
    if (process.env.ROLLBOOK_TEST_SKIP_BUILD !== '1') {
      execFileSync(resolve(projectRoot, 'node_modules/.bin/nuxt'), ['build'], { cwd: projectRoot, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } })
    }
    // .ci/run starts the PostgreSQL suite on this build once the file says it is in place.
    if (process.env.ROLLBOOK_TEST_BUILD_READY) writeFileSync(process.env.ROLLBOOK_TEST_BUILD_READY, '')
    await freshTestDatabase()
    const server = await startBuiltServer()
    writeFileSync(serverLogPath, server.output())
    for (const stream of [server.process.stdout!, server.process.stderr!]) stream.on('data', chunk => appendFileSync(serverLogPath, chunk))
    return server
  })
}

export async function setup(project: TestProject) {
  const server = await sharedServer()
  project.provide('baseUrl', server.url)
  project.provide('serverLogPath', serverLogPath)
}

/** Vitest tears every project down after the whole run, so the first teardown may stop the server. */
export async function teardown() {
  await oncePerRun('server stopped', async () => {
    // When the build or the start failed, its setup has already reported why.
    await (await sharedServer().catch(() => undefined))?.stop()
    rmSync(serverLogPath, { force: true })
  })
}
