import { describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { adminJson } from '../../support/admin-cli'
import { projectRoot } from '../../support/server-process'

const run = promisify(execFile)

// How the CLI is started cannot differ by database, so this file runs in the SQLite run alone
// (vitest.config.ts): each start through tsx compiles the sources, seconds of a core.
describe('admin CLI from the sources', () => {
  // The one test that runs the CLI from the sources through tsx, as a developer does.
  it('prints nothing but JSON on stdout under --json, however it is run', async () => {
    const school = await adminJson(['school', 'create', '--name', 'Piped School', '--time-zone', 'UTC'])
    const ways = [
      ['npm', ['run', '-s', 'admin', '--', 'school', 'list', '--json']],
      // The package's bin (cli/rollbook-admin.mjs), as `npx rollbook-admin` finds it.
      ['npm', ['exec', '--offline', '--no', '--', 'rollbook-admin', 'school', 'list', '--json']]
    ] as const
    for (const [command, args] of ways) {
      const { stdout } = await run(command, [...args], { cwd: projectRoot, env: process.env })
      expect(JSON.parse(stdout)).toContainEqual(expect.objectContaining({ id: school.id, name: 'Piped School' }))
    }
  })
})
