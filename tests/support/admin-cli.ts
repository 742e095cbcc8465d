import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { projectRoot } from './server-process'
import { noteProcess } from './test-processes'

const run = promisify(execFile)

/** The admin CLI the build bundles (modules/admin-cli.ts); the e2e project builds before it runs. */
export const bundledCli = resolve(projectRoot, '.output/cli/admin.mjs')

export interface AdminRun { code: number, stdout: string, stderr: string }

/**
 * Runs `node .output/cli/admin.mjs …` against the test database, as an image runs it: a second or so
 * where tsx from the sources takes five to twenty. One test still runs `npm run admin` (cli/admin.test.ts).
 */
export async function adminRun(args: string[], env: Record<string, string | undefined> = {}): Promise<AdminRun> {
  try {
    const command = run(process.execPath, [bundledCli, ...args], { cwd: projectRoot, env: { ...process.env, ...env } })
    // Noted, so that a command a timed-out test left running is ended after its file (tests/support/test-processes.ts).
    noteProcess(command.child, `admin ${args.slice(0, 3).join(' ')}`, 'process')
    const { stdout, stderr } = await command
    return { code: 0, stdout, stderr }
  } catch (error: any) {
    if (typeof error.code !== 'number') throw error
    return { code: error.code, stdout: error.stdout, stderr: error.stderr }
  }
}

/** A command under `--json` that must succeed: its answer. */
export async function adminJson(args: string[], env: Record<string, string | undefined> = {}): Promise<any> {
  const result = await adminRun([...args, '--json'], env)
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stdout}${result.stderr}`)
  return JSON.parse(result.stdout)
}
