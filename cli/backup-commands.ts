/**
 * `backup` and `restore` of the admin CLI (cli/admin.ts registers them; docs/operations.md):
 *
 *   npm run -s admin -- backup --out FILE [--force]
 *   npm run -s admin -- restore --from FILE [--force]
 *
 * Neither migrates the database, unlike the other commands: a backup is taken before an upgrade, of
 * the schema as it is, and a restored file is migrated by the server that next opens it.
 * On PostgreSQL both refuse and say which pg_dump or pg_restore command to run instead.
 */
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { defineCommand } from 'citty'
import { readDatabaseConfig } from '../db/config'
import { backupSqlite, notARollbookDatabase, replaceSqlite, sqliteInUse } from '../db/sqlite-backup'
import { jsonFlag as json, Refusal, report } from './command-support'

/** The connection options of a PostgreSQL address as pg_dump's flags: never its password, which pg_dump reads from PGPASSWORD or ~/.pgpass. */
function postgresFlags(url: string): string {
  const parsed = new URL(url)
  const flags = [
    `--host=${parsed.hostname || 'localhost'}`,
    `--port=${parsed.port || '5432'}`,
    ...(parsed.username ? [`--username=${decodeURIComponent(parsed.username)}`] : []),
    `--dbname=${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'}`
  ]
  return flags.map(flag => /^[\w=./:@-]+$/.test(flag) ? flag : `'${flag.replaceAll('\'', '\'\\\'\'')}'`).join(' ')
}

const passwordNote = 'It asks for the password, or reads it from PGPASSWORD or ~/.pgpass.'

/** The SQLite file DATABASE_URL names, or the refusal that explains what to do on PostgreSQL instead. */
function sqlitePath(explain: (flags: string) => string): string {
  const config = readDatabaseConfig()
  if (config.dialect === 'sqlite') return config.path
  throw new Refusal('unprocessable', explain(postgresFlags(config.url)))
}

const backup = defineCommand({
  meta: { name: 'backup', description: 'Copy the SQLite database to a file while the server runs (on PostgreSQL: says how to use pg_dump)' },
  args: {
    out: { type: 'string', required: true, description: 'The file to write; refused if it exists, unless --force' },
    force: { type: 'boolean', default: false, description: 'Replace an existing file at --out' },
    json
  },
  run: async ({ args }) => {
    const from = sqlitePath(flags =>
      `On PostgreSQL, back up with pg_dump, which copies a consistent snapshot while the servers run: pg_dump ${flags} --format=custom --no-owner --file=${args.out}. ${passwordNote}`)
    if (!existsSync(from)) throw new Refusal('not_found', `There is no database at ${from} to back up.`)
    if (!existsSync(dirname(resolve(args.out)))) throw new Refusal('not_found', `There is no folder ${dirname(resolve(args.out))} to write ${args.out} in.`)
    if (existsSync(args.out) && !args.force) throw new Refusal('conflict', `${args.out} exists already; choose another file, or add --force to replace it.`)
    const copy = await backupSqlite(from, args.out)
    report(args.json, { from, out: args.out, ...copy }, `Backed up ${from} to ${args.out} (${copy.pages} pages, ${copy.bytes} bytes).`)
  }
})

const restore = defineCommand({
  meta: { name: 'restore', description: 'Put a backup in place of the SQLite database while nothing has it open (on PostgreSQL: says how to use pg_restore)' },
  args: {
    from: { type: 'string', required: true, description: 'A file made by backup' },
    force: { type: 'boolean', default: false, description: 'Replace an existing database (never one in use)' },
    json
  },
  run: async ({ args }) => {
    const to = sqlitePath(flags =>
      `On PostgreSQL, stop every instance, then restore with pg_restore: pg_restore ${flags} --clean --if-exists --no-owner --single-transaction ${args.from}. ${passwordNote} Then start the instances; they migrate it forward.`)
    const notOurs = notARollbookDatabase(args.from)
    if (notOurs) throw new Refusal('unprocessable', `${notOurs} Nothing was changed.`)
    const replacing = existsSync(to)
    if (replacing && sqliteInUse(to)) {
      throw new Refusal('conflict', `${to} is in use: a server or another command has it open. Stop it, then restore. Nothing was changed.`)
    }
    if (replacing && !args.force) throw new Refusal('conflict', `${to} exists already; add --force to replace it with ${args.from}. Nothing was changed.`)
    const copy = await replaceSqlite(args.from, to)
    report(args.json, { from: args.from, to, replaced: replacing, ...copy },
      `${replacing ? 'Replaced' : 'Created'} ${to} with a copy of ${args.from} (${copy.pages} pages, ${copy.bytes} bytes). The server migrates it forward when it starts.`)
  }
})

export const backupCommands = { backup, restore }
