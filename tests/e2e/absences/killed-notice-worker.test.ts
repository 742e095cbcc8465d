import { afterAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { messageRecipients, messages, unexplainedAbsences } from '../../../db/schema'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { todayInZone } from '../../../server/domain/days/clock'
import { recordUnexplainedAbsences } from '../../../server/domain/absences/unexplained-intake'
import { eventually } from '../../support/notification-queues'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'

const children = 400

/*
 * Issue 39 under the brief's "every worker killed mid-way": a server writing the notices of a morning's unexplained
 * absences is killed (SIGKILL) part of the way through; a second server takes the rows up once the first's lease
 * ends. Every absence is told exactly once: the notice and its rows' marks commit together (absence-notices.ts).
 */
describe('the absence notice worker killed mid-way', () => {
  const stops: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop()
  })

  it('writes each absence\'s notice once across the kill and the restart', async () => {
    const school = await newSchool({ name: 'Killed Worker School' })
    const today = todayInZone(school.school.timeZone)
    const childIds = await writeChanges(school.context, async (tx, changes) => {
      const ids: string[] = []
      for (let i = 0; i < children; i++) {
        const child = await insertPerson(tx, changes, school.id, { familyName: `Kill${i}`, givenNames: 'Tui', dateOfBirth: '2013-05-06' })
        await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '8', campusId: null })
        const adult = await insertPerson(tx, changes, school.id, { familyName: `Kill${i}`, givenNames: 'Mere', email: `kill${i}@example.org` })
        await insertParentalResponsibility(tx, changes, school.school, { adultId: adult, childId: child, relationship: 'parent', validFrom: '2014-01-01',
          validTo: null })
        ids.push(child)
      }
      return ids
    })
    const start = async () => {
      const server = await startBuiltServer({ ROLLBOOK_MESSAGE_SCHOOLS: school.id, ROLLBOOK_MESSAGE_LEASE_MS: '2000' })
      stops.push(() => server.stop())
      return server
    }
    const noticed = async () => (await school.database.db.select({ id: unexplainedAbsences.id }).from(unexplainedAbsences)
      .where(and(eq(unexplainedAbsences.schoolId, school.id), isNotNull(unexplainedAbsences.noticeAt)))).length

    const first: RunningServer = await start()
    await recordUnexplainedAbsences(school.context, childIds.map(personId => ({ personId, day: today })))
    const before = await eventually(async () => {
      const count = await noticed()
      return count > 0 ? count : undefined
    }, 'the first server writing notices', 60_000)
    first.process.kill('SIGKILL')
    await new Promise(done => first.process.once('exit', done))
    const atKill = await noticed()
    expect(before).toBeGreaterThan(0)

    await start()
    await eventually(async () => await noticed() === children || undefined, 'every absence noticed after the restart', 120_000)
    const rows = await school.database.db.select({ messageId: unexplainedAbsences.messageId }).from(unexplainedAbsences)
      .where(eq(unexplainedAbsences.schoolId, school.id))
    const written = await school.database.db.select({ id: messages.id }).from(messages)
      .where(and(eq(messages.schoolId, school.id), eq(messages.kind, 'absences')))
    expect(rows.every(row => row.messageId !== null)).toBe(true)
    expect(written.map(message => message.id).sort()).toEqual([...new Set(rows.map(row => row.messageId!))].sort())
    // Each family told once: every adult is a recipient of exactly one of the notices.
    const told = await school.database.db.select({ adultId: messageRecipients.adultId }).from(messageRecipients)
      .where(inArray(messageRecipients.messageId, written.map(message => message.id)))
    expect(told).toHaveLength(children)
    expect(new Set(told.map(row => row.adultId)).size).toBe(children)
    // The kill came part of the way through, so the restart did real work (were it otherwise the test proves nothing).
    expect(atKill).toBeLessThan(children)
  })
})
