import { resolve } from 'node:path'
import { defaultSqlitePath } from '../../../db/config'

export interface StartOptions {
  /** Make a demo school when the database is empty. */
  demo: boolean
  /** Build first when `.output` is missing or older than the sources. */
  build: boolean
}

/** The image's embedded SQLite file, on its `/data` volume (Dockerfile). */
export const imageSqlitePath = '/data/rollbook.db'

/** Whether `DATABASE_URL` leaves the data in the embedded SQLite file: the one `npm start` uses when nothing is set, or the image's. */
export function isDefaultDatabase(url: string | undefined, cwd = process.cwd()): boolean {
  if (!url) return true
  if (!url.startsWith('file:')) return false
  const path = resolve(cwd, url.slice('file:'.length))
  return path === resolve(cwd, defaultSqlitePath) || path === imageSqlitePath
}

/**
 * `npm start [-- --demo] [-- --no-build]` with `ROLLBOOK_DEMO=on|off`; the server reads the same
 * setting without arguments. The demo school is made by
 * default only on the embedded SQLite default, never on a database named in `DATABASE_URL` unless
 * asked for; `ROLLBOOK_DEMO=off` wins over everything.
 */
export function readStartOptions(argv: string[], env: Record<string, string | undefined> = process.env, cwd = process.cwd()): StartOptions {
  const unknown = argv.filter(arg => !['--demo', '--no-build'].includes(arg))
  if (unknown.length) throw new Error(`npm start takes --demo and --no-build; not ${unknown.join(' ')}.`)
  const setting = env.ROLLBOOK_DEMO?.trim().toLowerCase()
  if (setting && setting !== 'on' && setting !== 'off') throw new Error(`ROLLBOOK_DEMO is on or off; not ${env.ROLLBOOK_DEMO}.`)
  const demo = setting === 'off' ? false : argv.includes('--demo') || setting === 'on' || isDefaultDatabase(env.DATABASE_URL, cwd)
  return { demo, build: !argv.includes('--no-build') }
}
