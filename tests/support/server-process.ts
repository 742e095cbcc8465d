import { relative } from 'node:path'
import { projectRoot, startBuiltServer as startServer, type RunningServer } from '../../scripts/built-server'
import { noteProcess } from './test-processes'

export { freePort, projectRoot, type RunningServer } from '../../scripts/built-server'

/** The test or setup file that asked, for the note: a server left running is named by who started it. */
function caller(): string {
  const frames = new Error('caller').stack?.split('\n').slice(1) ?? []
  const frame = frames.map(line => /\((\/[^)]+)\)|at (\/\S+)/.exec(line)).map(match => match?.[1] ?? match?.[2])
    .find(path => path && !path.includes('/server-process.ts') && !path.includes('node_modules'))
  return frame ? relative(projectRoot, frame) : 'a test'
}

/**
 * Starts the built server for a test, checking every answer against its schema, and waits until `/health` says `waitFor`.
 * The server leads a process group of its own, noted from the moment it is spawned (tests/support/test-processes.ts):
 * its test stops it in `afterAll` or `onTestFinished`, and the run's last teardown fails if it did not.
 */
export function startBuiltServer(env: Record<string, string | undefined> = {}, waitFor: string | null = 'healthy'): Promise<RunningServer> {
  const startedBy = caller()
  // Outside test mode a server works every school's queues (messages, webhooks, sync runs): on the suite's shared
  // database it would take up other files' rows, and they would fail for another file's server.
  const onSuiteDatabase = (env.DATABASE_URL ?? process.env.DATABASE_URL) === process.env.DATABASE_URL
  if (env.ROLLBOOK_MODE && env.ROLLBOOK_MODE !== 'test' && onSuiteDatabase) {
    return Promise.reject(
      new Error(`${startedBy} starts a ${env.ROLLBOOK_MODE} server on the suite's shared database: give it one of its own (tests/support/own-server.ts)`)
    )
  }
  return startServer({ env, waitFor, checkAnswers: true, mode: 'test', onSpawn: child => noteProcess(child, `the built server started by ${startedBy}`) })
}
