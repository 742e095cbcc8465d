import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { changeEvents, nameHistory, parentalResponsibilities, people, retentionActions } from '../../../db/schema'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { insertPerson } from '../../../server/domain/people/person-record'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { correctPersonName } from '../../../server/domain/people/correct-name'
import { newSchool } from '../../support/schools'
import { spawnForTest } from '../../support/spawn-for-test'

/*
 * Issue 42, "an erasure interrupted (server killed) leaves each person either whole or erased, never half": a process
 * erasing people one after another is killed with SIGKILL midway; each person is then whole (name, former name, parent
 * link, no event) or erased (no name, none of those, one person.erased and one counted action), and the counts agree.
 */
describe('an erasure killed midway', () => {
  it('leaves each person whole or erased, never half', async () => {
    const school = await newSchool({ name: 'Erasure Crash School' })
    const count = 150
    const { children } = await writeChanges(school.context, async (tx, changes) => {
      const adult = await insertPerson(tx, changes, school.id, { familyName: 'Crash', givenNames: 'Parent' })
      const made: string[] = []
      for (let i = 0; i < count; i++) {
        const child = await insertPerson(tx, changes, school.id, { familyName: `Crashford${i}`, givenNames: 'Kid', dateOfBirth: '1990-01-01' })
        await insertParentalResponsibility(tx, changes, school.school, { adultId: adult, childId: child, relationship: 'mother', validFrom: '1990-01-01' })
        made.push(child)
      }
      return { children: made }
    })
    for (const [i, child] of children.entries()) {
      await correctPersonName(school.context, child, { familyName: `Crashford${i}`, givenNames: 'Kiddo', change: 'correction' })
    }

    const worker = spawnForTest(process.execPath, ['--import', 'tsx', 'tests/support/erase-people-worker.ts', school.id, ...children],
      { stdio: ['ignore', 'inherit', 'inherit'], env: process.env })
    const exited = new Promise(resolve => worker.on('exit', resolve))
    const erasedSoFar = async () => (await school.database.db.select({ id: people.id }).from(people)
      .where(and(eq(people.schoolId, school.id), isNotNull(people.erasedAt)))).length
    for (let erased = await erasedSoFar(); erased < 10; erased = await erasedSoFar()) await sleep(10)
    worker.kill('SIGKILL')
    await exited

    const db = school.database.db
    const rows = await db.select().from(people).where(inArray(people.id, children))
    const erasedIds = rows.filter(row => row.erasedAt).map(row => row.id)
    expect(erasedIds.length).toBeGreaterThanOrEqual(10)
    expect(erasedIds.length, 'killed before the last').toBeLessThan(count)
    const formerNames = new Set((await db.select({ personId: nameHistory.personId }).from(nameHistory)
      .where(inArray(nameHistory.personId, children))).map(row => row.personId))
    const parentLinks = new Set((await db.select({ childId: parentalResponsibilities.childId }).from(parentalResponsibilities)
      .where(inArray(parentalResponsibilities.childId, children))).map(row => row.childId))
    const events = (await db.select({ recordId: changeEvents.recordId }).from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'person.erased')))).map(row => row.recordId)
    for (const row of rows) {
      const erased = !!row.erasedAt
      expect({ id: row.id, named: row.givenNames !== '', deleted: !!row.deletedAt, formerName: formerNames.has(row.id), parent: parentLinks.has(row.id),
        events: events.filter(id => id === row.id).length })
        .toEqual({ id: row.id, named: !erased, deleted: erased, formerName: !erased, parent: !erased, events: erased ? 1 : 0 })
    }
    const counted = await db.select().from(retentionActions).where(eq(retentionActions.schoolId, school.id))
    expect(counted.reduce((sum, action) => sum + action.count, 0)).toBe(erasedIds.length)
  })
})
