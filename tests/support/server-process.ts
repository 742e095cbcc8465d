import { startBuiltServer as startServer, type RunningServer } from '../../scripts/built-server'

export { freePort, projectRoot, type RunningServer } from '../../scripts/built-server'

/** Starts the built server for a test, checking every answer against its schema, and waits until `/health` says `waitFor`. */
export function startBuiltServer(env: Record<string, string | undefined> = {}, waitFor: string | null = 'healthy'): Promise<RunningServer> {
  return startServer({ env, waitFor, checkAnswers: true, mode: 'test' })
}
