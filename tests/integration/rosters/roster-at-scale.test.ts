import { beforeAll, describe, expect, it } from 'vitest'
import BetterSqlite3 from 'better-sqlite3'
import { sql, type SQL } from 'drizzle-orm'
import { protectionFlags } from '../../../db/schema'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { buildRoster, type RosterSet } from '../../../server/domain/rosters/build-roster'
import { readRosterSnapshot } from '../../../server/domain/rosters/roster-snapshot'
import { nameSortKey } from '../../../server/domain/people/name-key'
import { todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { newId } from '../../../server/domain/shared/ids'
import { newSchool } from '../../support/schools'
import { rosterRuleProblems } from '../../support/roster-rules'

const size = 40_000
const formats = ['oneroster', 'sds', 'oneroster12'] as const

/**
 * The most values any one statement binds while `work` runs: on SQLite counted from the statements
 * prepared, on PostgreSQL from the values postgres.js sends. SQLite allows 32,766 and PostgreSQL
 * 65,535, so a query binding one value per student fails at this size on one of them.
 */
async function mostBoundValues(database: Awaited<ReturnType<typeof newSchool>>['database'], work: () => Promise<void>): Promise<number> {
  let most = 0
  if (database.sqliteWriter) {
    const prepare = BetterSqlite3.prototype.prepare
    BetterSqlite3.prototype.prepare = function (this: BetterSqlite3.Database, source: string) {
      most = Math.max(most, source.split('?').length - 1)
      return prepare.call(this, source)
    } as typeof prepare
    try {
      await work()
    } finally {
      BetterSqlite3.prototype.prepare = prepare
    }
    return most
  }
  const client = (database.db as unknown as { $client: { unsafe: (query: string, values?: unknown[]) => unknown } }).$client
  const unsafe = client.unsafe
  client.unsafe = function (query: string, values?: unknown[]) {
    most = Math.max(most, values?.length ?? 0)
    return unsafe.call(client, query, values)
  }
  try {
    await work()
  } finally {
    client.unsafe = unsafe
  }
  return most
}

describe(`a school of ${size.toLocaleString('en')} students`, () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  const sets: Partial<Record<typeof formats[number], RosterSet>> = {}
  let bound = 0
  let flagged: string
  let before: { students: number, withheld: number }

  beforeAll(async () => {
    school = await newSchool()
    await seedDemoSchool(school.context, { students: 10 })
    const today = todayInZone(school.school.timeZone)
    const { classes: running, students, withheld } = await readRosterSnapshot(school.context, today)
    before = { students: students.length, withheld }
    const now = new Date().toISOString()
    const from = addDays(today, -30)
    // Rows made by the database itself in one transaction (a counting CTE, the same SQL on both):
    // sent row by row from here, the fixture took most of a minute on a busy machine.
    const tag = newId('per').slice(4, 12)
    const numbers = sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${size - 1})`
    const classList = sql.join(running.map((row, k) => sql`select ${row.id} as id, ${sql.raw(String(k))} as k`), sql` union all `)
    const statements = [
      sql`insert into people (id, school_id, family_name, given_names, name_key, created_at, updated_at)
        ${numbers} select 'per_${sql.raw(tag)}' || cast(i as text), ${school.id}, 'Student' || cast(i as text), 'Sam',
          'student' || cast(i as text) || ${nameSortKey('', 'Sam')}, ${now}, ${now} from n`,
      sql`insert into affiliations (id, school_id, person_id, kind, valid_from, year_level, created_at)
        ${numbers} select 'aff_${sql.raw(tag)}' || cast(i as text), ${school.id}, 'per_${sql.raw(tag)}' || cast(i as text), 'student', ${from},
          ${school.school.lists.yearLevels[0]!}, ${now} from n`,
      sql`insert into login_names (person_id, school_id, login_name)
        ${numbers} select 'per_${sql.raw(tag)}' || cast(i as text), ${school.id}, 's${sql.raw(tag)}' || cast(i as text) from n`,
      sql`insert into class_members (id, school_id, class_id, person_id, valid_from, created_at)
        ${numbers}, c(id, k) as (${classList}) select 'clm_${sql.raw(tag)}' || cast(i as text), ${school.id}, c.id,
          'per_${sql.raw(tag)}' || cast(i as text), ${from}, ${now} from n join c on c.k = i % ${running.length}`
    ]
    flagged = `per_${tag}7`
    await school.database.transaction(async (tx) => {
      for (const statement of statements) {
        if (school.database.dialect === 'sqlite') tx.run(statement)
        else await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(statement)
      }
      await tx.insert(protectionFlags).values({ id: newId('prf'), schoolId: school.id, personId: flagged, kind: 'other', validFrom: from, recordedAt: now })
    })
    if (!school.database.sqliteWriter) await (school.database.db as any).$client.unsafe('ANALYZE')
    bound = await mostBoundValues(school.database, async () => {
      for (const format of formats) sets[format] = await buildRoster(school.context, format)
    })
  }, 240_000)

  it('no query binds a value per student', () => {
    expect(bound).toBeGreaterThan(0)
    expect(bound).toBeLessThan(1000)
  })

  it.each(formats)('%s holds every student but the one withheld, and keeps every rule', (format) => {
    const set = sets[format]!
    expect(set.counts).toMatchObject({ students: before.students + size - 1, withheld: before.withheld + 1 })
    const users = set.files.find(file => file.name === 'users.csv')!.content
    expect(users).not.toContain(`${flagged},`)
    expect(users).toContain(`${flagged}0,`)
    expect(rosterRuleProblems(format, set.files)).toEqual([])
  })
})
