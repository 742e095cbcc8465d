import pino, { type Logger } from 'pino'
import pretty from 'pino-pretty'

/**
 * The server's one logger: JSON lines on stdout (`LOG_FORMAT=pretty` for people reading a terminal),
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
    ? pino(options, pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }))
    : pino(options, pino.destination({ dest: 1, sync: true }))
  if (!known) made.warn({ given: wanted }, 'LOG_LEVEL is not a level pino knows (fatal, error, warn, info, debug, trace, silent); logging from info')
  return made
}
