import { defaultSqlitePath } from './config'

/**
 * Where `DATABASE_URL` points, fit to print: "the SQLite file .data/rollbook.db", or "the database at"
 * a PostgreSQL address with its password (and any password in its query) replaced by `***`.
 */
export function databaseLabel(url = process.env.DATABASE_URL): string {
  if (!url) return `the SQLite file ${defaultSqlitePath}`
  if (url.startsWith('file:')) return `the SQLite file ${url.slice('file:'.length)}`
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    for (const key of [...parsed.searchParams.keys()]) if (/pass/i.test(key)) parsed.searchParams.set(key, '***')
    return `the database at ${parsed}`
  } catch {
    return `the database at ${url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@')}`
  }
}

/** A driver's message with every password the URL holds blotted out (short ones would blot out words). */
function withoutPasswords(message: string, url: string | undefined): string {
  if (!url) return message
  let passwords: string[]
  try {
    const parsed = new URL(url)
    passwords = [parsed.password, decodeURIComponent(parsed.password), ...[...parsed.searchParams].filter(([key]) => /pass/i.test(key))
      .map(([, value]) => value)]
  } catch {
    passwords = [/\/\/[^:/@]*:([^@]*)@/.exec(url)?.[1] ?? '']
  }
  return passwords.filter(secret => secret.length >= 4).reduce((text, secret) => text.replaceAll(secret, '***'), message)
}

const reasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
  CONNECT_TIMEOUT: 'timed out',
  CONNECTION_CLOSED: 'the server closed the connection',
  CONNECTION_ENDED: 'the server closed the connection'
}

/** What the file system answers when the SQLite file or its folder cannot be made or opened. */
const openFailures = new Set(['EACCES', 'EROFS', 'ENOENT', 'ENOTDIR', 'EISDIR', 'EEXIST'])

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown })?.code
  if (typeof code === 'string') return code
  // Node reports a host name with several addresses that all refuse as an AggregateError.
  const first = (error as { errors?: unknown[] })?.errors?.[0]
  return first === undefined ? undefined : codeOf(first)
}

/**
 * One line for a database that cannot be opened, reached or migrated at start, never a stack trace
 * and never a password: "Cannot reach the database at postgres://app:***@db:5432/school: connection refused".
 */
export function databaseFailureLine(error: unknown, url = process.env.DATABASE_URL): string {
  const code = codeOf(error)
  const message = withoutPasswords(error instanceof Error ? error.message.split('\n')[0]! : String(error), url)
  const where = databaseLabel(url)
  if (code && reasons[code]) return `Cannot reach ${where}: ${reasons[code]}.`
  // PostgreSQL's own refusals: no such database (3D000), bad credentials (28…), too many connections (53300).
  if (code && /^(3D000|28|53300)/.test(code)) return `Cannot use ${where}: ${message}.`
  if (code?.startsWith('SQLITE_CANTOPEN') || openFailures.has(code!)) return `Cannot open ${where}: ${message}.`
  if (message.includes('DATABASE_URL')) return message
  if (error instanceof Error && error.name === 'SchemaTooNewError') return `Refusing ${where}: ${message}`
  return `Cannot prepare ${where}: ${error instanceof Error ? `${error.name}: ` : ''}${message}`
}
