import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { projectRoot } from './server-process'

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
    const { stdout, stderr } = await run(process.execPath, [bundledCli, ...args], { cwd: projectRoot, env: { ...process.env, ...env } })
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
