import { execFileSync } from 'node:child_process'
import { appendFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { readDatabaseConfig, sqliteFilesOf } from '../../db/config'
import { projectRoot, startBuiltServer, type RunningServer } from './server-process'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    serverLogPath: string
  }
}

let server: RunningServer | undefined
const serverLogPath = resolve(projectRoot, `.data/test-server-${process.pid}.log`)

/** Gives the database a clean slate: the SQLite files are removed; PostgreSQL's schemas are dropped. */
async function resetDatabase() {
  const config = readDatabaseConfig()
  if (config.dialect === 'sqlite') {
    for (const file of sqliteFilesOf(config.path)) rmSync(resolve(projectRoot, file), { force: true })
    return
  }
  const client = postgres(config.url, { max: 1, onnotice: () => {} })
  await client.unsafe('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public;')
  await client.end()
}

/**
 * Builds the app once and starts one production server on a fresh database for every test file
 * (building per file, as `setup({ server: true })` does, costs about nine seconds each).
 * `ROLLBOOK_TEST_SKIP_BUILD=1` reuses an existing `.output` while iterating locally.
 */
export async function setup(project: TestProject) {
  if (process.env.ROLLBOOK_TEST_SKIP_BUILD !== '1') {
    execFileSync(resolve(projectRoot, 'node_modules/.bin/nuxt'), ['build'], { cwd: projectRoot, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } })
  }
  await resetDatabase()
  server = await startBuiltServer()
  project.provide('baseUrl', server.url)
  project.provide('serverLogPath', serverLogPath)
  writeFileSync(serverLogPath, server.output())
  for (const stream of [server.process.stdout!, server.process.stderr!]) stream.on('data', chunk => appendFileSync(serverLogPath, chunk))
}

export async function teardown() {
  await server?.stop()
  rmSync(serverLogPath, { force: true })
}
