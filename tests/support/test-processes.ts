/**
 * Every process the suite starts is noted, so that none outlives it (issue 45, point 3). A test starts
 * its children in process groups of their own (scripts/process-groups.ts) and ends them in `onTestFinished`
 * or `afterAll`; each is also noted in a file of the run, `.data/test-processes/<runner pid>.log`, one line
 * per child: its pid, its start time, whether it leads a group, and what it is. After each test file
 * (tests/support/check-processes.ts) and at the run's last global teardown (tests/support/setup-processes.ts)
 * whatever is still alive is killed and fails the file or the run, named; the runner's signal handlers and
 * the next run end what a killed run left.
 */
import type { ChildProcess } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { isAlive, membersOf, signalGroup, startTimeOf } from '../../scripts/process-groups'
import { projectRoot } from '../../scripts/built-server'

export const processLogFolder = resolve(projectRoot, '.data/test-processes')

/**
 * The runner's pid names its run's file: vitest.config.ts sets it in the runner, whose workers inherit it.
 * A process started outside a run (a script importing a helper) notes nothing.
 */
const runner = () => process.env.ROLLBOOK_TEST_RUNNER
export const processLogOf = (runnerPid: string) => join(processLogFolder, `${runnerPid}.log`)

/** What this process noted and has not yet seen end (tests/support/check-processes.ts looks after each file). */
const notedHere: Noted[] = []

/** Notes a child of the run: `group` when it leads a process group of its own (then the whole group is checked). */
export function noteProcess(child: ChildProcess, what: string, kind: 'group' | 'process' = 'group'): void {
  const run = runner()
  if (!run || !child.pid) return
  const noted = { pid: child.pid, startedAt: startTimeOf(child.pid) ?? 0, kind, what: what.replace(/\s+/g, ' ').slice(0, 200) }
  notedHere.push(noted)
  mkdirSync(processLogFolder, { recursive: true })
  // One short line per append: lines from several workers never interleave.
  appendFileSync(processLogOf(run), `${noted.pid} ${noted.startedAt} ${noted.kind} ${noted.what}\n`)
}

interface Noted { pid: number, startedAt: number, kind: string, what: string }

function notedIn(file: string): Noted[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => {
    const [pid, startedAt, kind, ...what] = line.split(' ')
    return { pid: Number(pid), startedAt: Number(startedAt), kind: kind!, what: what.join(' ') }
  })
}

const aliveOf = (noted: Noted) =>
  noted.kind === 'group' ? membersOf(noted.pid, noted.startedAt) : (isAlive(noted.pid, noted.startedAt || undefined) ? [noted.pid] : [])
const leftOf = (all: Noted[]) => all.map(noted => ({ what: `${noted.what} (pid ${noted.pid})`, pids: aliveOf(noted) })).filter(left => left.pids.length)

/** What of a run's noted children is still alive: a group's members, or the process itself. */
export function stillRunning(runnerPid: string): { what: string, pids: number[] }[] {
  return leftOf(notedIn(processLogOf(runnerPid)))
}

/**
 * What this process started that is still alive, killed now; what has ended is forgotten. A test file's
 * children are ended by its own clean-ups, which have all run when this is asked, after the file.
 */
export function killLeftHere(): { what: string, pids: number[] }[] {
  const left = leftOf(notedHere)
  killAll(notedHere)
  notedHere.length = 0
  return left
}

/** Kills, at once, every noted child of a run that is still alive. */
export function killNoted(runnerPid: string): void {
  killAll(notedIn(processLogOf(runnerPid)))
}

function killAll(all: Noted[]): void {
  for (const noted of all) {
    if (noted.kind === 'group') {
      if (membersOf(noted.pid, noted.startedAt).length) signalGroup(noted.pid, 'SIGKILL')
    } else if (isAlive(noted.pid, noted.startedAt || undefined)) {
      try {
        process.kill(noted.pid, 'SIGKILL')
      } catch {}
    }
  }
}

/** Ends what runs killed before their teardown left behind (their runner is gone), naming it; forgets their files. */
export function endLeftoversOfEarlierRuns(): string[] {
  if (!existsSync(processLogFolder)) return []
  const ended: string[] = []
  for (const name of readdirSync(processLogFolder)) {
    const runnerPid = name.replace(/\.log$/, '')
    if (runnerPid === String(process.pid) || isAlive(Number(runnerPid))) continue
    ended.push(...stillRunning(runnerPid).map(left => left.what))
    killNoted(runnerPid)
    rmSync(processLogOf(runnerPid), { force: true })
  }
  return ended
}
