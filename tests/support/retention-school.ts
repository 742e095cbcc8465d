import {
  absences, activity, affiliations, applicationAdults, applications, dataReceipts, enquiries, messages, people, protectionFlags
} from '../../db/schema'
import { nameSortKey } from '../../server/domain/people/name-key'
import { newId } from '../../server/domain/shared/ids'
import { addDays } from '../../server/domain/days/calendar'
import type { newSchool } from './schools'

type School = Awaited<ReturnType<typeof newSchool>>

/**
 * A school with people of every class and age for the retention sweep (tests/integration/retention/sweep.test.ts): for
 * each class, one past its period and one not, written straight to the tables with the dates the sweep reads. `today`
 * is the real day in UTC; every date is far enough from it that a day of time zone does not matter.
 */
export async function seedRetentionSchool(school: School, today: string) {
  const at = (day: string) => `${day}T09:00:00.000Z`
  const person = (key: string, dateOfBirth: string | null) => ({
    id: newId('per'), schoolId: school.id, familyName: `Sweep${key}`, givenNames: key, nameKey: nameSortKey(`Sweep${key}`, key),
    dateOfBirth, createdAt: at('2000-01-01'), updatedAt: at('2000-01-01')
  })
  const p = {
    oldStudent: person('OldStudent', '1990-03-01'),
    heldStudent: person('HeldStudent', '1991-05-01'),
    youngFormerStudent: person('YoungFormer', '2008-06-01'),
    currentStudent: person('Current', '2012-02-01'),
    oldStaff: person('OldStaff', '1960-01-01'),
    recentStaff: person('RecentStaff', '1970-01-01'),
    enquiryChild: person('EnquiryChild', '2019-01-01'),
    enquirer: person('Enquirer', null),
    recentEnquiryChild: person('RecentEnquiry', '2020-01-01'),
    recentEnquirer: person('RecentEnquirer', null),
    withdrawnChild: person('WithdrawnChild', '2018-01-01'),
    withdrawnAdult: person('WithdrawnAdult', null),
    flagged: person('Flagged', '1940-01-01')
  }
  const span = (personId: string, kind: 'student' | 'staff_member', validFrom: string, validTo: string | null) => ({
    id: newId('aff'), schoolId: school.id, personId, kind, validFrom, validTo, createdAt: at(validFrom)
  })
  const recently = addDays(today, -400)
  const { id: tokenId } = await school.tokenWithId(['person.read'])
  const applicationId = newId('apl')
  await school.database.transaction(async (tx) => {
    await tx.insert(people).values(Object.values(p))
    await tx.insert(affiliations).values([
      span(p.oldStudent.id, 'student', '2001-09-01', '2008-07-20'),
      span(p.heldStudent.id, 'student', '2002-09-01', '2009-07-20'),
      span(p.youngFormerStudent.id, 'student', '2014-09-01', recently),
      span(p.currentStudent.id, 'student', '2018-09-01', null),
      span(p.oldStaff.id, 'staff_member', '1990-01-01', '2015-12-31'),
      span(p.recentStaff.id, 'staff_member', '1995-01-01', recently),
      span(p.flagged.id, 'student', '1945-01-01', '1957-12-31')
    ])
    await tx.insert(enquiries).values([
      { id: newId('enq'), schoolId: school.id, studentId: p.enquiryChild.id, enquirerId: p.enquirer.id, channel: 'web', receivedAt: at('2023-01-10') },
      {
        id: newId('enq'), schoolId: school.id, studentId: p.recentEnquiryChild.id, enquirerId: p.recentEnquirer.id, channel: 'web',
        receivedAt: at(addDays(today, -30))
      }
    ])
    await tx.insert(applications).values({
      id: applicationId, schoolId: school.id, studentId: p.withdrawnChild.id, origin: 'application', state: 'withdrawn', yearLevel: '3',
      receivedAt: at('2022-11-01'), updatedAt: at('2023-02-01')
    })
    await tx.insert(applicationAdults).values({ id: newId('apa'), applicationId, personId: p.withdrawnAdult.id, position: 0 })
    await tx.insert(protectionFlags).values({
      id: newId('prf'), schoolId: school.id, personId: p.flagged.id, kind: 'child_protection', validFrom: '1950-01-01', recordedAt: at('1950-01-01')
    })
    // Other classes: one record past its period and one not, each.
    await tx.insert(activity).values([
      { id: newId('act'), schoolId: school.id, at: at('2015-01-01'), actor: 'system:test', kind: 'school.changed', subjectType: 'school', summary: 'old' },
      { id: newId('act'), schoolId: school.id, at: at(recently), actor: 'system:test', kind: 'school.changed', subjectType: 'school', summary: 'recent' }
    ])
    const absence = (reportedOn: string) => ({
      id: newId('abs'), schoolId: school.id, childId: p.currentStudent.id, fromDay: reportedOn, toDay: reportedOn, reason: 'illness' as const,
      reportedBy: 'office' as const, reportedAt: at(reportedOn), updatedAt: at(reportedOn)
    })
    await tx.insert(absences).values([absence('2018-03-01'), absence(recently)])
    const message = (sentOn: string) => ({
      id: newId('msg'), schoolId: school.id, subject: 'Term dates', body: 'Dates', audience: '["school"]', sentBy: 'system:test',
      adultCount: 0, childCount: 0, leftOutCount: 0, createdAt: at(sentOn)
    })
    await tx.insert(messages).values([message('2022-05-01'), message(recently)])
    const receipt = (day: string) => ({
      schoolId: school.id, tokenId, personId: p.currentStudent.id, day, scopes: 'person.read', reads: 1, lastAt: at(day)
    })
    await tx.insert(dataReceipts).values([receipt('2024-01-15'), receipt(addDays(today, -20))])
  })
  return p
}
