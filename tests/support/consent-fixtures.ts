import { academicSessions, classes, classMembers, courses } from '../../db/schema'
import { insertParentalResponsibility } from '../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../server/domain/people/person-record'
import { insertAffiliation } from '../../server/domain/affiliations/open-affiliation'
import { newId } from '../../server/domain/shared/ids'
import { timestampNow } from '../../server/domain/days/clock'
import { writeChanges } from '../../server/domain/shared/write-changes'
import type { newSchool } from './schools'

type TestSchool = Awaited<ReturnType<typeof newSchool>>

/** A class of `code` in a school year, with `memberIds` in it from 2024 on, as a timetable import would leave it. */
export async function seedClass(school: TestSchool, code: string, memberIds: string[]) {
  return writeChanges(school.context, async (tx, changes) => {
    const at = timestampNow()
    const sessionId = newId('ses')
    await tx.insert(academicSessions).values({
      id: sessionId, schoolId: school.id, code: `Y${code}`, title: `Year of ${code}`, kind: 'school_year', parentId: null, startsOn: '2024-01-01',
      endsOn: '2099-12-31', createdAt: at, updatedAt: at
    })
    const courseId = newId('crs')
    await tx.insert(courses).values({
      id: courseId, schoolId: school.id, code: `C${code}`, title: `Course ${code}`, subject: null, yearLevels: '[]', schoolYearId: sessionId,
      createdAt: at, updatedAt: at
    })
    const classId = newId('cls')
    await tx.insert(classes).values({
      id: classId, schoolId: school.id, courseId, code, title: `Class ${code}`, kind: 'homeroom', room: null, periods: '[]', createdAt: at,
      updatedAt: at
    })
    changes.record('class.created', 'classes', classId)
    for (const personId of memberIds) {
      const id = newId('clm')
      await tx.insert(classMembers).values({ id, schoolId: school.id, classId, personId, validFrom: '2024-01-01', validTo: null, createdAt: at })
      changes.record('class_member.created', 'class_members', id)
    }
    return classId
  })
}

/**
 * `count` families with a child in `yearLevel`, each with one parent at `<prefix><i>@example.org`; the
 * first parent has a second child in the same year (so one parent of two children in the year).
 */
export async function seedYearFamilies(school: TestSchool, yearLevel: string, count: number, prefix: string) {
  return writeChanges(school.context, async (tx, changes) => {
    const parents: { id: string, email: string }[] = []
    const children: string[] = []
    for (let i = 0; i < count; i++) {
      const email = `${prefix}${i}@example.org`
      const parent = await insertPerson(tx, changes, school.id, { familyName: `Family${i}`, givenNames: 'Parent', email })
      const childCount = i === 0 ? 2 : 1
      for (let c = 0; c < childCount; c++) {
        const child = await insertPerson(tx, changes, school.id, { familyName: `Family${i}`, givenNames: `Child${c}`, dateOfBirth: '2014-03-04' })
        await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel, campusId: null })
        await insertParentalResponsibility(
          tx, changes, school.school, { adultId: parent, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
        )
        children.push(child)
      }
      parents.push({ id: parent, email })
    }
    return { parents, children }
  })
}
