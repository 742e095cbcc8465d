import { readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { readDatabaseConfig, sqliteFilesOf } from '../../../db/config'
import { callApi } from '../../support/api'
import { projectRoot, startBuiltServer, type RunningServer } from '../../support/server-process'

/**
 * A database of the first released schema (migration 0000, filled by that version's demo seed:
 * tests/fixtures/upgrade-from-0000/README.md) upgraded by today's server as it starts, on the dialect
 * the suite runs on: a SQLite file, or a PostgreSQL database the test makes and drops.
 */
const dialect = readDatabaseConfig().dialect
const fixtureFolder = resolve(projectRoot, 'tests/fixtures/upgrade-from-0000')
const fixture = dialect === 'sqlite'
  ? { schoolId: 'sch_njf8ajdhl50t755mqpje', tokenId: 'tok_9a5eq11mcsu55gon6u67', token: 'rbk_FEw8yfU5xJTBqV4r0oLOrkEQ0PuweV7N77ucHGRgkDk', sql: 'sqlite.sql' }
  : {
      schoolId: 'sch_gdouyo4qgl1lu5u9hpoe', tokenId: 'tok_1pt98m1t3yov3ej3tc2x', token: 'rbk_6BRHzkwM5sZcyU1tTSrkKDldrQXCSePDTa7trtaq1da',
      sql: 'postgresql.sql'
    }
const tables = ['schools', 'campuses', 'people', 'affiliations', 'api_tokens', 'change_events']
const migrationsTable = dialect === 'sqlite' ? '__drizzle_migrations' : 'drizzle.__drizzle_migrations'

type Rows = Record<string, unknown>[]
interface ScratchDatabase {
  url: string
  query: (text: string) => Promise<Rows>
  drop: () => Promise<void>
}

async function scratchDatabase(): Promise<ScratchDatabase> {
  const sql = readFileSync(resolve(fixtureFolder, fixture.sql), 'utf8')
  if (dialect === 'sqlite') {
    const path = `.data/upgrade-${process.pid}.db`
    for (const file of sqliteFilesOf(path)) rmSync(resolve(projectRoot, file), { force: true })
    const load = new BetterSqlite3(resolve(projectRoot, path))
    load.exec(sql)
    load.close()
    return {
      url: `file:${path}`,
      async query(text) {
        const file = new BetterSqlite3(resolve(projectRoot, path))
        try {
          const statement = file.prepare(text)
          if (statement.reader) return statement.all() as Rows
          statement.run()
          return []
        } finally {
          file.close()
        }
      },
      async drop() {
        for (const file of sqliteFilesOf(path)) rmSync(resolve(projectRoot, file), { force: true })
      }
    }
  }
  const name = `upgrade_${process.pid}`
  const url = new URL(process.env.DATABASE_URL!)
  const server = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
  await server.unsafe(`create database ${name}`)
  url.pathname = `/${name}`
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} })
  await client.unsafe(sql).simple()
  // The dump empties search_path for its session; later queries name their tables plainly.
  await client.end()
  const scratch = postgres(url.toString(), { max: 1, onnotice: () => {} })
  return {
    url: url.toString(),
    query: async text => [...await scratch.unsafe(text)] as Rows,
    async drop() {
      await scratch.end()
      await server.unsafe(`drop database if exists ${name} with (force)`)
      await server.end()
    }
  }
}

const counts = async (db: ScratchDatabase) => Object.fromEntries(await Promise.all(tables.map(async table =>
  [table, Number((await db.query(`select count(*) as n from ${table}`))[0]!.n)])))

const servers: RunningServer[] = []
let scratch: ScratchDatabase | undefined
afterAll(async () => {
  await Promise.all(servers.map(server => server.stop()))
  await scratch?.drop()
})

describe(`a database of migration 0000 on ${dialect}`, () => {
  it('is upgraded by today\'s server as it starts, with its data intact and served; an old server refuses a newer schema', async () => {
    scratch = await scratchDatabase()
    // The fixture's token was issued for the longest allowed; move its expiry on so the test does not expire.
    await scratch.query(`update api_tokens set expires_at = '2999-01-01T00:00:00.000Z' where id = '${fixture.tokenId}'`)
    const before = await counts(scratch)
    expect(before).toEqual({ schools: 1, campuses: 1, people: 50, affiliations: 30, api_tokens: 1, change_events: 80 })
    const peopleBefore = await scratch.query(`select * from people order by id`)
    const affiliationsBefore = await scratch.query(`select * from affiliations order by id`)
    const tokenBefore = await scratch.query(`select * from api_tokens`)
    expect(await scratch.query(`select id from ${migrationsTable}`)).toHaveLength(1)

    const server = await startBuiltServer({ DATABASE_URL: scratch.url })
    servers.push(server)
    const journal = JSON.parse(readFileSync(resolve(projectRoot, `db/migrations/${dialect}/meta/_journal.json`), 'utf8')) as { entries: unknown[] }
    expect(await scratch.query(`select id from ${migrationsTable}`)).toHaveLength(journal.entries.length)
    expect(await counts(scratch)).toEqual(before)
    // Every column the first schema had keeps its value, row by row; later migrations only add.
    const keepsColumns = (after: Rows, old: Rows) => after.map((row, i) => Object.fromEntries(Object.keys(old[i]!).map(key => [key, row[key]])))
    expect(keepsColumns(await scratch.query(`select * from people order by id`), peopleBefore)).toEqual(peopleBefore)
    expect(keepsColumns(await scratch.query(`select * from affiliations order by id`), affiliationsBefore)).toEqual(affiliationsBefore)
    expect(keepsColumns(await scratch.query(`select * from api_tokens`), tokenBefore)).toEqual(tokenBefore)

    // Today's server reads them with the token the old version issued.
    const listed: { id: string }[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const page: { status: number, body: { items: { id: string }[], nextCursor: string | null } } = await callApi(
        `/api/v1/people?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { baseUrl: server.url, token: fixture.token }
      )
      expect(page.status).toBe(200)
      listed.push(...page.body.items)
      cursor = page.body.nextCursor
    }
    expect(listed.map(person => person.id).sort()).toEqual(peopleBefore.filter(person => person.deleted_at === null).map(person => person.id).sort())
    const someone = peopleBefore.find(person => person.deleted_at === null)!
    expect((await callApi(`/api/v1/people/${someone.id}`, { baseUrl: server.url, token: fixture.token })).body)
      .toMatchObject({ id: someone.id, familyName: someone.family_name, givenNames: someone.given_names })

    // A migration this build does not know, as a newer version would leave: the server will not use the database.
    await server.stop()
    await scratch.query(`insert into ${migrationsTable} (id, hash, created_at) values (999, 'from-a-newer-version', 99999999999999)`)
    const old = await startBuiltServer({ DATABASE_URL: scratch.url }, 'unhealthy')
    servers.push(old)
    const where = dialect === 'sqlite' ? `the SQLite file ${scratch.url.slice('file:'.length)}` : `the database at ${scratch.url}`
    // The log is JSON lines (docs/operations.md, "Logs"): the refusal is one of them.
    const said = old.output().split('\n').flatMap(line => line.startsWith('{') ? [JSON.parse(line).msg as string] : [])
    expect(said.filter(message => /database/i.test(message))).toEqual([
      `Refusing ${where}: The database has 1 migration this version of Rollbook does not know: a newer version upgraded it. Run that version, or restore the backup taken before the upgrade (docs/operations.md).`
    ])
    expect((await callApi('/health', { baseUrl: old.url })).status).toBe(503)
  })
})
