import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'
import { escapeUnseenCharacters } from '../../../shared/plain-text'

/**
 * The server's one logger (here, not in server/utils, because domain code logs too): JSON lines on stdout (`LOG_FORMAT=pretty` for people reading a terminal;
 * `LOG_DESTINATION=stderr`, which the admin CLI sets, keeps stdout for its answers),
 * from `LOG_LEVEL` up (default info). Lines carry ids and route templates, never a secret, a cursor or
 * a name (docs/operations.md, "Logs"). Writes are synchronous, so a line is out before a crash or exit.
 */
export const logger: Logger = createLogger(process.env)

export function createLogger(env: Record<string, string | undefined>): Logger {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase() || 'info'
  const known = wanted in pino.levels.values || wanted === 'silent'
  const options = {
    level: known ? wanted : 'info',
    // No pid or hostname on every line: the process manager that collects stdout knows them.
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) }
  }
  const made = env.LOG_FORMAT === 'pretty'
    ? pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', destination: env.LOG_DESTINATION === 'stderr' ? 2 : 1 }))
    : pino(options, pino.destination({ dest: env.LOG_DESTINATION === 'stderr' ? 2 : 1, sync: true }))
  if (!known) made.warn({ given: wanted }, 'LOG_LEVEL is not a level pino knows (fatal, error, warn, info, debug, trace, silent); logging from info')
  return made
}

/**
 * A value as it may stand in a log line: control, invisible and direction-changing characters
 * escaped (shared/plain-text.ts), so nothing a client sends can forge or disguise a line.
 */
export function loggable(value: string): string {
  return escapeUnseenCharacters(value)
}

/**
 * What a fault may say in the log: its class and message, cut before any query parameters (drizzle
 * puts the values of a failed statement, people's data among them, into its message) and escaped.
 */
export function faultSummary(error: unknown): string {
  const seen = new Set<unknown>()
  const parts: string[] = []
  let current: unknown = error
  while (current instanceof Error && !seen.has(current) && parts.length < 4) {
    seen.add(current)
    const message = current.message.split(/\n\s*params:/)[0]!.replace(/^Failed query: [\s\S]*$/, 'Failed query')
    parts.push(`${current.name}: ${loggable(message).slice(0, 500)}`)
    current = current.cause
  }
  return parts.join(' <- ') || loggable(String(error)).slice(0, 200)
}
