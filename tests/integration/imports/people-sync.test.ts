import { describe, expect, it } from 'vitest'
import { and, asc, eq, gt, isNull, max } from 'drizzle-orm'
import { affiliations, changeEvents, people, personSourceIds } from '../../../db/schema'
import { cancelSyncRun, confirmSyncRun } from '../../../server/domain/imports/sync-run-steps'
import { stageSync } from '../../../server/domain/imports/stage-sync'
import { revertSyncRun } from '../../../server/domain/imports/revert-sync'
import { pauseReason } from '../../../server/domain/imports/apply-sync'
import { correctPersonName } from '../../../server/domain/people/correct-name'
import { todayInZone } from '../../../server/domain/days/clock'
import { newSchool } from '../../support/schools'
import { settleRun, syncFile, syncPeople, type SyncPerson } from '../../support/sync-files'

type School = Awaited<ReturnType<typeof newSchool>>

/** A school whose system `sis` has synced `people` once (confirmed first run). */
async function syncedSchool(rows: SyncPerson[], timeZone = 'Australia/Sydney') {
  const school = await newSchool({ timeZone })
  const first = await stageSync(school.context, { system: 'sis', scope: 'full', file: syncFile(rows) })
  expect((await settleRun(school.database, first.run.id)).status).toBe('paused')
  await confirmSyncRun(school.context, first.run.id)
  expect((await settleRun(school.database, first.run.id)).status).toBe('applied')
  return school
}

const sync = async (school: School, rows: SyncPerson[], scope: 'full' | 'changes' = 'full', file = syncFile(rows)) => {
  const staged = await stageSync(school.context, { system: 'sis', scope, file })
  return { staged, run: await settleRun(school.database, staged.run.id) }
}

const personOf = async (school: School, sourceId: string) => {
  const [row] = await school.database.db.select({ person: people }).from(people)
    .innerJoin(personSourceIds, eq(personSourceIds.personId, people.id))
    .where(and(eq(personSourceIds.schoolId, school.id), eq(personSourceIds.system, 'sis'), eq(personSourceIds.sourceId, sourceId)))
  return row!.person
}
const spansOf = (school: School, personId: string) => school.database.db.select().from(affiliations)
  .where(eq(affiliations.personId, personId)).orderBy(asc(affiliations.validFrom))
const liveCount = async (school: School) => (await school.database.db.select({ id: people.id }).from(people)
  .where(and(eq(people.schoolId, school.id), isNull(people.deletedAt)))).length

describe('people sync', () => {
  const hundred = syncPeople(100)

  it('pauses the system\'s first run and applies nothing until somebody confirms it', async () => {
    const school = await newSchool()
    const { staged, run } = await sync(school, hundred)
    expect(staged.run).toMatchObject({ status: 'queued', rows: 100, system: 'sis', scope: 'full' })
    expect(run).toMatchObject({ status: 'paused', created: 100, amended: 0, absent: 0 })
    expect(run.reason).toMatch(/first run/)
    expect(await liveCount(school)).toBe(0)
    await confirmSyncRun(school.context, run.id)
    const applied = await settleRun(school.database, run.id)
    expect(applied).toMatchObject({ status: 'applied', created: 100, done: 100 })
    expect(applied.appliedAt).toMatch(/Z$/)
    expect(await liveCount(school)).toBe(100)
    const person = await personOf(school, 'S00001')
    expect(person).toMatchObject({ familyName: 'Family1', givenNames: 'Given 1', dateOfBirth: '2015-01-10' })
    expect(await spansOf(school, person.id)).toMatchObject([{ kind: 'student', validFrom: todayInZone('Australia/Sydney'), validTo: null, yearLevel: '3' }])
    const kinds = (await school.database.db.select().from(changeEvents).where(eq(changeEvents.recordId, run.id))).map(e => e.kind)
    // Staged, applying, paused, confirmed (queued), applying, applied.
    expect(kinds).toEqual(Array(6).fill('sync_run.updated'))
  })

  it('cancels a paused run: nothing of it is applied', async () => {
    const school = await newSchool()
    const { run } = await sync(school, hundred)
    expect((await cancelSyncRun(school.context, run.id)).status).toBe('cancelled')
    await expect(confirmSyncRun(school.context, run.id)).rejects.toMatchObject({ code: 'unprocessable' })
    expect(await liveCount(school)).toBe(0)
  })

  it.each([
    ['exactly 2% absent applies', hundred.slice(2), 'applied'],
    ['3% absent pauses', hundred.slice(3), 'paused'],
    ['exactly 20% amended applies', hundred.map((p, i) => i < 20 ? { ...p, givenNames: `${p.givenNames} Jr` } : p), 'applied'],
    ['21% amended pauses', hundred.map((p, i) => i <= 20 ? { ...p, givenNames: `${p.givenNames} Jr` } : p), 'paused'],
    ['exactly 20% created applies', [...hundred, ...syncPeople(20, 'N')], 'applied'],
    ['21% created pauses', [...hundred, ...syncPeople(21, 'N')], 'paused'],
    ['10% amended and 11% created pauses', [...hundred.map((p, i) => i < 10 ? { ...p, familyName: 'Changed' } : p), ...syncPeople(11, 'N')], 'paused']
  ])('%s', async (_, rows, status) => {
    const school = await syncedSchool(hundred)
    const { run } = await sync(school, rows)
    expect(run.status).toBe(status)
    if (status === 'paused') expect(await liveCount(school)).toBe(100)
  })

  it('reads the thresholds as the interface does', () => {
    const counts = { created: 0, amended: 0, absent: 0, unchanged: 0 }
    expect(pauseReason({ ...counts, absent: 2 }, 100, false)).toBeNull()
    expect(pauseReason({ ...counts, absent: 3 }, 100, false)).toMatch(/absent/)
    expect(pauseReason({ ...counts, absent: 21 }, 1000, false)).toMatch(/absent/)
    expect(pauseReason({ ...counts, amended: 200 }, 1000, false)).toBeNull()
    expect(pauseReason({ ...counts, amended: 201 }, 1000, false)).toMatch(/20%/)
    expect(pauseReason(counts, 0, true)).toMatch(/first run/)
  })

  it('closes absent people\'s spans on the run\'s day in the school\'s zone, and a returning one gets a new span', async () => {
    const zone = 'Pacific/Kiritimati'
    const school = await syncedSchool(hundred, zone)
    const { run } = await sync(school, hundred.slice(1))
    expect(run).toMatchObject({ status: 'applied', absent: 1, unchanged: 99, runDay: todayInZone(zone) })
    const gone = await personOf(school, 'S00001')
    expect((await spansOf(school, gone.id)).map(s => s.validTo)).toEqual([todayInZone(zone)])
    const again = await sync(school, hundred)
    expect(again.run).toMatchObject({ status: 'applied', amended: 1 })
    const spans = await spansOf(school, gone.id)
    expect(spans.map(s => s.validTo)).toEqual([null])
  })

  it('with scope changes, closes nobody and amends only the people in the file', async () => {
    const school = await syncedSchool(hundred)
    const { run } = await sync(school, [{ ...hundred[5]!, familyName: 'Renamed' }], 'changes')
    expect(run).toMatchObject({ status: 'applied', absent: 0, amended: 1, rows: 1 })
    expect((await school.database.db.select().from(affiliations).where(and(eq(affiliations.schoolId, school.id), isNull(affiliations.validTo)))).length)
      .toBe(100)
    expect((await personOf(school, 'S00006')).familyName).toBe('Renamed')
  })

  it('fails a file with one bad line among 10,000, naming that line, and applies nothing', async () => {
    const school = await newSchool()
    const rows = syncPeople(10_000)
    rows[4321] = { ...rows[4321]!, dateOfBirth: '2015-02-30' }
    const { staged, run } = await sync(school, rows)
    expect(staged.run.status).toBe('failed')
    expect(run.status).toBe('failed')
    expect(staged.unreadable).toEqual([{ line: 4323, reason: 'dateOfBirth: Not a day written YYYY-MM-DD.' }])
    expect(await liveCount(school)).toBe(0)
  })

  it('gives identical counts for one file written LF, CRLF, mixed and with a byte order mark', async () => {
    const rows = [...syncPeople(30), { id: 'Q1', familyName: 'O\'Brien, "Jr"', givenNames: 'Seán', dateOfBirth: '2014-12-01' }]
    const lf = syncFile(rows)
    const variants =
      [lf, syncFile(rows, '\r\n'), lf.split('\n').map((line, i) => i % 2 ? line : `${line}\r`).join('\n').replace(/\r$/, ''), `\ufeff${syncFile(rows, '\r\n')}`]
    const answers = []
    for (const file of variants) {
      const school = await newSchool()
      const staged = await stageSync(school.context, { system: 'sis', scope: 'full', file })
      const run = await settleRun(school.database, staged.run.id)
      answers.push([staged.unreadable, staged.run.rows, run.created, run.status])
      if (file === lf) {
        await confirmSyncRun(school.context, run.id)
        await settleRun(school.database, run.id)
        expect(await personOf(school, 'Q1')).toMatchObject({ familyName: 'O\'Brien, "Jr"', givenNames: 'Seán' })
      }
    }
    expect(answers).toEqual(Array(4).fill([[], 31, 31, 'paused']))
  })

  it.each([
    ['a missing required header', 'id,familyName,givenNames\nA,B,C\n', { line: 1, reason: expect.stringContaining('lacks the required column "dateOfBirth"') }],
    ['a duplicate header', 'id,familyName,givenNames,dateOfBirth,id\n', { line: 1, reason: expect.stringContaining('"id" more than once') }],
    ['another delimiter', 'id;familyName;givenNames;dateOfBirth\nA;B;C;2015-01-01\n', { line: 1, reason: expect.stringContaining('separated by ";"') }],
    [
      'an unterminated quote', 'id,familyName,givenNames,dateOfBirth\nA,B,C,2015-01-01\nB,"Open,C,2015-01-01\nC,D,E,2015-01-01\n',
      { line: 3, reason: expect.stringContaining('never closed') }
    ],
    ['a wrong number of fields', 'id,familyName,givenNames,dateOfBirth\nA,B,C\n', { line: 2, reason: expect.stringContaining('3 fields') }],
    [
      'a repeated id', 'id,familyName,givenNames,dateOfBirth\nA,B,C,2015-01-01\nA,D,E,2015-01-01\n',
      { line: 3, reason: expect.stringContaining('line 2 already') }
    ],
    [
      'a line break in a name', 'id,familyName,givenNames,dateOfBirth\nA,"B\nC",D,2015-01-01\nE,F,G,2015-01-01\n',
      { line: 2, reason: expect.stringContaining('control character') }
    ]
  ])('fails a file with %s, naming the line', async (_, file, unreadable) => {
    const school = await newSchool()
    const staged = await stageSync(school.context, { system: 'sis', scope: 'full', file })
    expect(staged.run.status).toBe('failed')
    expect(staged.unreadable).toContainEqual(unreadable)
  })

  it.each([
    ['a NUL', 'id,familyName,givenNames,dateOfBirth\nA,B\u0000,C,2015-01-01\n', 'validation_failed', 'Line 2 holds a NUL character.'],
    [
      'text that is not UTF-8', 'id,familyName,givenNames,dateOfBirth\nA,B,C,2015-01-01\nD,\ud800,F,2015-01-01\n', 'validation_failed',
      'Line 3 is not UTF-8 text.'
    ]
  ])('refuses %s, naming the line, and records nothing', async (_, file, code, message) => {
    const school = await newSchool()
    await expect(stageSync(school.context, { system: 'sis', scope: 'full', file })).rejects.toMatchObject({
      code, extras: { fields: [{ path: 'file', message }] }
    })
  })

  it('reverts an applied run field by field and span by span, and refuses once a record moved on', async () => {
    const school = await syncedSchool(hundred)
    const before = await personOf(school, 'S00002')
    const rows =
      [...hundred.slice(1).map((p, i) => i === 0 ? { ...p, familyName: 'Amended', dateOfBirth: '2016-06-06', yearLevel: '4' } : p), ...syncPeople(2, 'N')]
    const { run } = await sync(school, rows)
    expect(run).toMatchObject({ status: 'applied', created: 2, amended: 1, absent: 1 })
    const snapshot = async () => ({
      people: await school.database.db.select().from(people).where(and(eq(people.schoolId, school.id), isNull(people.deletedAt))).orderBy(asc(people.id)),
      spans: await school.database.db.select().from(affiliations).where(eq(affiliations.schoolId, school.id)).orderBy(asc(affiliations.id))
    })
    // The latest by sequence: a select in no order gives PostgreSQL's rows as they lie on disk.
    const [{ since }] = await school.database.db.select({ since: max(changeEvents.sequence) }).from(changeEvents)
      .where(eq(changeEvents.schoolId, school.id)) as [{ since: number }]

    const reverted = await revertSyncRun(school.context, run.id)
    expect(reverted.status).toBe('reverted')
    const after = await snapshot()
    expect(after.people.length).toBe(100)
    const restored = after.people.find(p => p.id === before.id)!
    expect(restored).toMatchObject({ familyName: before.familyName, dateOfBirth: before.dateOfBirth, nameKey: before.nameKey })
    expect(after.spans.every(s => s.validTo === null && s.yearLevel === '3')).toBe(true)
    expect(after.spans.length).toBe(100)
    const kinds = (await school.database.db.select().from(changeEvents).where(
      and(eq(changeEvents.schoolId, school.id), gt(changeEvents.sequence, since))
    )).map(e => e.kind).sort()
    expect(kinds).toEqual([
      ...Array(2).fill('affiliation.deleted'), ...Array(2).fill('affiliation.updated'), ...Array(2).fill('person.deleted'), 'person.updated',
      'sync_run.updated'
    ].sort())
    await expect(revertSyncRun(school.context, run.id)).rejects.toMatchObject({ code: 'unprocessable' })

    const next = await sync(school, [...hundred.slice(0, 99), { ...hundred[99]!, givenNames: 'Moved' }])
    expect(next.run.status).toBe('applied')
    const moved = await personOf(school, 'S00100')
    await correctPersonName(school.context, moved.id, { familyName: moved.familyName, givenNames: 'Moved On' })
    const versionBefore = await snapshot()
    await expect(revertSyncRun(school.context, next.run.id)).rejects.toMatchObject({
      code: 'conflict', detail: [expect.stringContaining(moved.id)], extras: { data: { records: [{ table: 'people', id: moved.id }] } }
    })
    expect(await snapshot()).toEqual(versionBefore)
  })
})
