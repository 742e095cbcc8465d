#!/usr/bin/env node
// Lints the OpenAPI document a running Rollbook serves, with Redocly and the rules in redocly.yaml.
//
//   npm run lint:openapi                          starts the built server (.output) itself, then lints
//   npm run lint:openapi -- http://127.0.0.1:3000  lints the server at that address
//   npm run lint:openapi -- URL --format=json      further arguments go to `redocly lint`
//
// Exits non-zero when Redocly reports an error, or when the document cannot be fetched.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const [given, ...redoclyArguments] = process.argv.slice(2)
const baseUrl = given?.startsWith('http') ? given.replace(/\/$/, '') : undefined
if (given && !baseUrl) redoclyArguments.unshift(given)
const scratch = mkdtempSync(join(tmpdir(), 'rollbook-openapi-'))

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

/** The built server on a free loopback port, on a throwaway database: the document does not need data. */
async function startServer() {
  const entry = join(root, '.output/server/index.mjs')
  if (!existsSync(entry)) throw new Error('No build in .output: run `npm run build` first, or pass the base URL of a running server.')
  const port = await freePort()
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: `file:${join(scratch, 'lint.db')}` },
    stdio: ['ignore', 'ignore', 'inherit']
  })
  return { url: `http://127.0.0.1:${port}`, child }
}

async function fetchDocument(url, child) {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const response = await fetch(`${url}/_openapi.json`)
      if (response.ok) return await response.text()
      throw new Error(`GET ${url}/_openapi.json answered ${response.status}: ${(await response.text()).slice(0, 500)}`)
    } catch (error) {
      if (child && child.exitCode !== null) throw new Error(`The server exited early (code ${child.exitCode}).`)
      // Only a server we started may still be coming up; a refused connection to a given one is final.
      const starting = child && error.cause?.code === 'ECONNREFUSED'
      if (!starting || Date.now() > deadline) throw error
      await new Promise(resolve => setTimeout(resolve, 100))
    }
  }
}

function redoclyLint(file) {
  return new Promise((done) => {
    const redocly = spawn(join(root, 'node_modules/.bin/redocly'), ['lint', file, '--config', join(root, 'redocly.yaml'), ...redoclyArguments], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: 'inherit'
    })
    redocly.once('exit', code => done(code ?? 1))
  })
}

let server
try {
  if (!baseUrl) server = await startServer()
  const document = await fetchDocument(baseUrl ?? server.url, server?.child)
  const file = join(scratch, 'openapi.json')
  writeFileSync(file, document)
  process.exitCode = await redoclyLint(file)
} catch (error) {
  console.error(`lint-openapi: ${error.message}${error.cause ? ` (${error.cause.message})` : ''}`)
  process.exitCode = 1
} finally {
  server?.child.kill('SIGTERM')
  rmSync(scratch, { recursive: true, force: true })
}
