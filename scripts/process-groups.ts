/**
 * Children started in a process group of their own, and ended as a group. A child that starts children
 * of its own (`npm start` is tsx, which runs node, which runs the server) is not ended by a signal to
 * the child alone: its descendants are left running, their parent gone. A group is ended whole.
 * Detached, the group also keeps the terminal's Ctrl-C away from the child: whoever started it ends it
 * (the tests' runner, the bench), in order, instead of every process at once.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'

/** What /proc says of a process: its group and when it started (clock ticks since boot), to tell a reused pid apart. */
export interface ProcessStat { pid: number, group: number, startedAt: number, state: string }

function statOf(pid: number): ProcessStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command's name, in parentheses, may hold spaces: the fields after it are counted from its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { pid, state: fields[0]!, group: Number(fields[2]), startedAt: Number(fields[19]) }
  } catch {
    return undefined
  }
}

const hasProc = existsSync('/proc/self/stat')

/** A process's start time, when /proc can say it. */
export function startTimeOf(pid: number): number | undefined {
  return statOf(pid)?.startedAt
}

/**
 * The live processes of group `group` started no earlier than `since` (its leader's start time: a later
 * group that reuses the number started after). Without /proc, the group is asked with signal 0.
 */
export function membersOf(group: number, since = 0): number[] {
  if (!hasProc) {
    try {
      process.kill(-group, 0)
      return [group]
    } catch {
      return []
    }
  }
  const members: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = statOf(Number(name))
    if (stat && stat.group === group && stat.state !== 'Z' && stat.startedAt >= since) members.push(stat.pid)
  }
  return members
}

/** Whether one process lives and is the one that started at `since`. */
export function isAlive(pid: number, since?: number): boolean {
  if (hasProc) {
    const stat = statOf(pid)
    return !!stat && stat.state !== 'Z' && (since === undefined || stat.startedAt === since)
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Sends `signal` to every process of the group; a group already gone is no error. */
export function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal)
  } catch {}
}

/**
 * Runs `work` when `signal` comes, once; then, when nothing else listens for the signal, the signal does what
 * it would have done (ends the process). When something else listens (vitest's runner, a script that waits
 * for its child), that decides. Who else listens is counted as the signal arrives: a `once` listener run
 * before this one has already taken itself off the list by then.
 */
export function onSignal(signal: NodeJS.Signals, work: () => void): void {
  let others = 0
  process.prependOnceListener(signal, () => {
    others = process.listenerCount(signal) - 1
  })
  process.once(signal, () => {
    work()
    if (others === 0) process.kill(process.pid, signal)
  })
}

const live = new Set<number>()
let exitHandlerInstalled = false

/**
 * Starts `command` as the leader of a group of its own. Until the group is stopped, the group is killed
 * when this process exits, however it exits but SIGKILL (an uncaught error, process.exit, SIGINT, SIGTERM
 * or SIGHUP).
 */
export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true })
  if (child.pid) {
    const group = child.pid
    live.add(group)
    // Forgotten once the group is gone: a later group may take its number.
    child.once('exit', () => {
      if (!membersOf(group).length) live.delete(group)
    })
  }
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true
    const killAll = () => live.forEach(group => signalGroup(group, 'SIGKILL'))
    process.on('exit', killAll)
    // A signal that ends this process runs no exit handler: the groups go first (Ctrl-C on the bench no longer
    // reaches its server, which is in a group of its own).
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) onSignal(signal, killAll)
  }
  return child
}

/**
 * Ends a group: SIGTERM to every member (a server shuts down in order), then SIGKILL to whatever is left
 * after `graceMs`; resolves when no member is left.
 */
export async function stopGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  const group = child.pid
  if (!group) return
  const since = startTimeOf(group) ?? 0
  const gone = () => !membersOf(group, since).length && (child.exitCode !== null || child.signalCode !== null || !isAlive(group))
  // The leader may be gone while its children are not (a parent killed on its own): the group is ended anyway.
  if (!gone()) {
    signalGroup(group, 'SIGTERM')
    const deadline = Date.now() + graceMs
    while (!gone() && Date.now() < deadline) await new Promise(done => setTimeout(done, 50))
    if (!gone()) signalGroup(group, 'SIGKILL')
    const last = Date.now() + 5000
    while (!gone() && Date.now() < last) await new Promise(done => setTimeout(done, 50))
  }
  live.delete(group)
}
