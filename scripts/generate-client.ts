/**
 * Regenerates the TypeScript client's generated files (clients/typescript/src) from the OpenAPI document.
 *
 *   npm run client:generate                           starts the built server (.output) on a throwaway database
 *   npm run client:generate -- http://127.0.0.1:3000  reads the document of the server at that address
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { projectRoot, startBuiltServer, type RunningServer } from './built-server'
import { generatedClientFiles } from './client-files'

const given = process.argv[2]?.replace(/\/+$/, '')
const scratch = mkdtempSync(join(tmpdir(), 'rollbook-client-'))
let server: RunningServer | undefined
try {
  if (!given) {
    if (!existsSync(join(projectRoot, '.output/server/index.mjs'))) {
      throw new Error('No build in .output: run `npm run build` first, or pass the base URL of a running server.')
    }
    // The document needs no data, and the production mode publishes the limits a real server enforces.
    server = await startBuiltServer({ mode: 'bench', env: { DATABASE_URL: `file:${join(scratch, 'client.db')}`, ROLLBOOK_MODE: 'production' } })
  }
  const response = await fetch(`${given ?? server!.url}/_openapi.json`)
  if (!response.ok) throw new Error(`GET /_openapi.json answered ${response.status}.`)
  for (const [path, text] of Object.entries(await generatedClientFiles(await response.json()))) {
    writeFileSync(join(projectRoot, path), text)
    console.log(`wrote ${path}`)
  }
} catch (error) {
  console.error(`client:generate: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await server?.stop()
  rmSync(scratch, { recursive: true, force: true })
}
