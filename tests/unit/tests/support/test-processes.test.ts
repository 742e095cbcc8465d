import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { membersOf, signalGroup } from '../../../../scripts/process-groups'
import { projectRoot } from '../../../../scripts/built-server'
import { spawnForTest } from '../../../support/spawn-for-test'

const folder = mkdtempSync(join(tmpdir(), 'rollbook-processes-'))
const groups: number[] = []
// Whatever these tests find, they leave nothing of their own.
afterAll(() => {
  groups.forEach(group => signalGroup(group, 'SIGKILL'))
  rmSync(folder, { recursive: true, force: true })
})

interface Run { code: number | null, signal: NodeJS.Signals | null, output: string, group: number }

/**
 * A vitest run of its own (tests/fixtures/processes) whose one test starts a group of two sleeping processes
 * and does with it what `mode` says; `kill` is sent to the runner once the group is running.
 */
async function fixtureRun(mode: 'forgotten' | 'setup-forgotten' | 'timed-out' | 'runner-killed', kill?: NodeJS.Signals): Promise<Run> {
  const pidFile = join(folder, `${mode}-${kill ?? 'none'}.pid`)
  const { ROLLBOOK_TEST_RUNNER: _, ...inherited } = process.env
  const runner = spawnForTest(process.execPath, [
    resolve(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/fixtures/processes/vitest.config.ts'
  ], {
    cwd: projectRoot,
    env: { ...inherited, PROCESSES_FIXTURE: mode, PROCESSES_FIXTURE_PID_FILE: pidFile, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  runner.stdout!.on('data', chunk => output += chunk)
  runner.stderr!.on('data', chunk => output += chunk)
  const exited = new Promise<[number | null, NodeJS.Signals | null]>(done => runner.once('exit', (code, signal) => done([code, signal])))
  while (!existsSync(pidFile) && runner.exitCode === null) await new Promise(done => setTimeout(done, 50))
  if (!existsSync(pidFile)) throw new Error(`The fixture run ended before its test started a group:\n${output}`)
  const group = Number(readFileSync(pidFile, 'utf8'))
  groups.push(group)
  if (kill) {
    // The group is running: the shell and its sleepers.
    await expect.poll(() => membersOf(group).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    runner.kill(kill)
  }
  const [code, signal] = await exited
  return { code, signal, output, group }
}

// Issue 45, point 3: the suite leaves nothing running, however a test ends.
describe('no process a test starts outlives the run', () => {
  it('a group a test forgets fails its file, named, and is killed', async () => {
    const run = await fixtureRun('forgotten')
    expect(run.output).toContain('This file left processes running (killed now)')
    expect(run.output).toContain(`two sleepers nobody stops (pid ${run.group})`)
    expect(run.code).toBe(1)
    // The group is sent SIGTERM, then SIGKILL; on a loaded machine its members take a moment to go.
    await expect.poll(() => membersOf(run.group), { timeout: 15_000 }).toEqual([])
  })

  it('a group that no file owns (a global setup\'s) fails the run at its last teardown, named, and is killed', async () => {
    const run = await fixtureRun('setup-forgotten')
    expect(run.output).toContain('The run left processes running (killed now)')
    expect(run.output).toContain(`two sleepers a global setup forgot (pid ${run.group})`)
    expect(run.code).toBe(1)
    // The group is sent SIGTERM, then SIGKILL; on a loaded machine its members take a moment to go.
    await expect.poll(() => membersOf(run.group), { timeout: 15_000 }).toEqual([])
  })

  it('a test that runs past its budget has its group ended with it, the shell\'s child too', async () => {
    const run = await fixtureRun('timed-out')
    expect(run.output).toMatch(/Test timed out in 2000ms/)
    expect(run.output).not.toContain('left processes running')
    // The group is sent SIGTERM, then SIGKILL; on a loaded machine its members take a moment to go.
    await expect.poll(() => membersOf(run.group), { timeout: 15_000 }).toEqual([])
  })

  it.each(['SIGINT', 'SIGTERM'] as const)('a runner sent %s mid-test kills the group before it goes', async (signal) => {
    const run = await fixtureRun('runner-killed', signal)
    expect(run.code === 0).toBe(false)
    // Its worker may take a moment to follow the runner; the group is gone by then at the latest.
    await expect.poll(() => membersOf(run.group), { timeout: 10_000 }).toEqual([])
  })
})
