import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { changeEvents, clubMembers } from '../../../db/schema'
import { setClub } from '../../../server/domain/clubs/club-members'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newSchool } from '../../support/schools'

/*
 * Saving a club reads its members inside the write (the review of issue 35): two saves at once are one
 * after the other under the school's lock, so neither inserts a child the other already put in (which
 * answered 500 on the unique index), and each child's joining is announced once.
 */
describe('two saves of a club at once', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let children: string[]

  beforeAll(async () => {
    school = await newSchool({ name: 'Club Saves School' })
    children = await writeChanges(school.context, async (tx, changes) => {
      const ids: string[] = []
      for (const name of ['Ari', 'Bea', 'Cai']) ids.push(
        await insertPerson(tx, changes, school.id, { familyName: 'Rower', givenNames: name, dateOfBirth: '2014-03-04' })
      )
      return ids
    })
  })

  const membersOf = async (club: string) => (await school.database.db.select({ personId: clubMembers.personId }).from(clubMembers)
    .where(and(eq(clubMembers.schoolId, school.id), eq(clubMembers.club, club)))).map(row => row.personId).sort()
  const joinedEvents = async () => (await school.database.db.select({ id: changeEvents.id }).from(changeEvents)
    .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'activity_member.created')))).length

  it('the same list saved twice at once: both answer, each child is in once and announced once', async () => {
    const before = await joinedEvents()
    const both = await Promise.all([setClub(school.context, 'rowing', children), setClub(school.context, 'rowing', children)])
    expect(both.map(answer => answer.joined).sort()).toEqual([0, 3])
    expect(both.every(answer => answer.memberCount === 3)).toBe(true)
    expect(await membersOf('rowing')).toEqual([...children].sort())
    expect(await joinedEvents() - before).toBe(3)
  })

  it('two different lists saved at once: the club ends as one of them, never a mixture or a fault', async () => {
    const [first, second] = [children.slice(0, 2), children.slice(1)]
    const both = await Promise.all([setClub(school.context, 'choir', first), setClub(school.context, 'choir', second)])
    expect(both).toHaveLength(2)
    expect([[...first].sort(), [...second].sort()]).toContainEqual(await membersOf('choir'))
  })
})
