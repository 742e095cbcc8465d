import { and, eq, isNull } from 'drizzle-orm'
import { affiliations, classMembers, classTerms, classes, courses, academicSessions, loginNames, people, teachingAssignments } from '../../../../db/schema'
import type { DomainContext } from '../../shared/context'
import { bulkInsert } from '../../../../db/bulk-insert'
import { writeChanges } from '../../shared/write-changes'
import { timestampNow, todayInZone } from '../../days/clock'
import { addDays } from '../../days/calendar'
import { inForceOn } from '../../days/in-force'
import { academicSessionRow, classMemberRow, classRow, courseRow, teachingAssignmentRow } from '../../timetable/timetable-rows'
import { nameSortKey } from '../../people/name-key'
import { childrenUnderRestriction } from '../../access/withholding'
import { DemoBatch } from './demo-batch'
import type { SeededRandom } from './seeded-random'

const subjects = ['Mathematics', 'English', 'Science', 'History', 'Geography', 'Art & Design', 'Music', 'Languages (French)', 'Health & PE']
const perHomeroom = 30
const perSubjectClass = 17

/** A login name from a person's names: ASCII letters only, so non-Latin names fall back to a staff number. */
function staffLoginFor(familyName: string, givenNames: string, taken: Set<string>, index: number): string {
  const ascii = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase()
  const base = ascii(givenNames).slice(0, 1) + ascii(familyName)
  let login = base.length >= 3 ? base : `staff${1000 + index}`
  for (let n = 2; taken.has(login); n++) login = `${base || 'staff'}${n}`
  taken.add(login)
  return login
}

/**
 * The demo school's timetable: this school year (and last) with a term that ended yesterday and one
 * running from today, so both edges show whatever the day; homerooms for every year level and subject
 * classes for the upper half (about 120 classes for 2,000 students, fewer for a smaller school), each
 * with a lead teacher and some with an assistant; a class with only an assistant; a class whose term
 * ended yesterday; a student who left yesterday but is still listed in a class; staff and students
 * whose names have an apostrophe, a comma and a non-Latin script (corrected names of people already
 * on the roll); and a login name for everyone. The leaver is added to `summary.alumni`.
 */
export async function seedDemoTimetable(ctx: DomainContext, random: SeededRandom, summary: { alumni: number }) {
  const { school, database } = ctx
  const today = todayInZone(school.timeZone)
  const yesterday = addDays(today, -1)
  const thisYear = Number(today.slice(0, 4))
  const inForceToday = inForceOn(affiliations, today)
  const current = (kind: 'student' | 'staff_member') => database.db.select({
    id: people.id, yearLevel: affiliations.yearLevel, familyName: people.familyName, givenNames: people.givenNames
  })
    .from(affiliations).innerJoin(people, eq(people.id, affiliations.personId))
    .where(and(eq(affiliations.schoolId, school.id), eq(affiliations.kind, kind), inForceToday, isNull(people.deletedAt))).orderBy(people.id)
  const [students, staff] = await Promise.all([current('student'), current('staff_member')])

  const now = timestampNow()
  const batch = new DemoBatch(school.id, now)
  const firstLevel = school.lists.yearLevels[0]!
  // A student who left yesterday, still listed in a homeroom: rosters leave her out, as she is off the roll.
  const leaverId = batch.person('Okoro', 'Chinedu', { dateOfBirth: `${thisYear - 6}-05-17` })
  batch.span(leaverId, 'student', `${thisYear - 1}-01-28`, yesterday, { yearLevel: firstLevel })
  summary.alumni++
  // Names with an apostrophe, a comma and non-Latin scripts, given to people already on the roll as
  // they were first recorded (so no name history), in the demo's write below.
  const renames: { id: string, familyName: string, givenNames: string }[] = []
  const renamed = <T extends { id: string, familyName: string, givenNames: string }>(people: T[], names: [string, string][]) => {
    for (const [i, [familyName, givenNames]] of names.slice(0, people.length).entries()) {
      Object.assign(people[i]!, { familyName, givenNames })
      renames.push({ id: people[i]!.id, familyName, givenNames })
    }
    return people.slice(0, names.length)
  }
  const withheld = await childrenUnderRestriction(ctx, students.map(student => student.id), today)
  renamed(
    students.filter(student => !withheld.has(student.id)).slice(-4),
    [['D\'Arcy', 'Siobhán'], ['Nguyen, Tran', 'Minh'], ['山田', '花子'], ['Παπαδοπούλου', 'Σοφία']]
  )
  // The named staff only assist, so some staff are assistants alone (`teacherAssistant` in SDS).
  const namedStaff =
    renamed(staff.slice(staff.length - Math.min(3, Math.max(0, staff.length - 1))), [['O\'Sullivan', 'Máire'], ['Reyes, Jr', 'Antonio'], ['Иванова', 'Ольга']])
  const rotation = staff.filter(member => !namedStaff.includes(member))

  // Sessions: last school year and this one; this year's first term ends yesterday and its second starts today.
  const sessions = [thisYear - 1, thisYear].map(year => academicSessionRow(
    school.id, { code: String(year), title: String(year), kind: 'school_year', parentId: null, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` },
    now
  ))
  const yearOf = (day: string) => sessions.find(year => year.startsOn <= day && day <= year.endsOn)!
  const endedTerm = academicSessionRow(school.id, {
    code: `${yesterday.slice(0, 4)}T1`, title: 'Term 1', kind: 'term', parentId: yearOf(yesterday).id, startsOn: yearOf(yesterday).startsOn,
    endsOn: yesterday
  }, now)
  const currentTerm = academicSessionRow(
    school.id, { code: `${thisYear}T2`, title: 'Term 2', kind: 'term', parentId: yearOf(today).id, startsOn: today, endsOn: `${thisYear}-12-31` },
    now
  )
  const thisSchoolYear = yearOf(today)

  const courseRows: ReturnType<typeof courseRow>[] = []
  const classRows: ReturnType<typeof classRow>[] = []
  const termRows: (typeof classTerms.$inferInsert)[] = []
  const memberRows: ReturnType<typeof classMemberRow>[] = []
  const teacherRows: ReturnType<typeof teachingAssignmentRow>[] = []
  let teacherTurn = 0
  const nextTeacher = () => rotation[teacherTurn++ % rotation.length]!.id
  const addClass = (
    course: ReturnType<typeof courseRow>, code: string, title: string, kind: 'homeroom' | 'scheduled', term: typeof currentTerm, memberIds: string[],
    teaching: { lead: boolean, assistant: boolean }
  ) => {
    const row = classRow(school.id, {
      courseId: course.id, code, title, kind, room: `R${random.integer(101, 340)}`,
      periods: kind === 'homeroom' ? ['0'] : [String(random.integer(1, 6)), String(random.integer(1, 6))].sort()
    }, now)
    classRows.push(row)
    termRows.push({ classId: row.id, sessionId: term.id, schoolId: school.id })
    const from = term.startsOn
    for (const personId of memberIds) memberRows.push(classMemberRow(school.id, { classId: row.id, personId, validFrom: from, validTo: null }, now))
    if (teaching.lead) {
      teacherRows.push(teachingAssignmentRow(school.id, { classId: row.id, personId: nextTeacher(), role: 'lead', validFrom: from, validTo: null }, now))
    }
    if (teaching.assistant) {
      teacherRows.push(teachingAssignmentRow(school.id, { classId: row.id, personId: nextTeacher(), role: 'assistant', validFrom: from, validTo: null }, now))
    }
    return row
  }
  const newCourse = (code: string, title: string, subject: string | null, yearLevels: string[], year = thisSchoolYear) => {
    const row = courseRow(school.id, { code, title, subject, yearLevels, schoolYearId: year.id }, now)
    courseRows.push(row)
    return row
  }

  const levels = school.lists.yearLevels
  const upperLevels = levels.slice(Math.floor(levels.length / 2))
  for (const [levelIndex, level] of levels.entries()) {
    const cohort = students.filter(student => student.yearLevel === level).map(student => student.id)
    if (cohort.length === 0) continue
    if (level === firstLevel) cohort.push(leaverId)
    const homeroom = newCourse(`HR-${level}`, `Homeroom ${level}`, null, [level])
    const groups = Math.max(1, Math.round(cohort.length / perHomeroom))
    for (let g = 0; g < groups; g++) {
      addClass(homeroom, `HR-${level}-${g + 1}`, `Homeroom ${level}${String.fromCharCode(65 + g)}`, 'homeroom', currentTerm,
        cohort.filter((_, i) => i % groups === g), { lead: !(levelIndex === 0 && g === 0), assistant: (levelIndex === 0 && g === 0) || random.chance(0.3) })
    }
    if (!upperLevels.includes(level)) continue
    const subjectClasses = Math.max(1, Math.round(cohort.length / perSubjectClass))
    for (let s = 0; s < subjectClasses; s++) {
      const subject = subjects[s % subjects.length]!
      const code = `${subject.slice(0, 3).toUpperCase()}-${level}`
      const course = courseRows.find(row => row.code === code) ?? newCourse(code, `${subject} ${level}`, subject, [level])
      const members = cohort.filter(() => random.chance(Math.min(1, 25 / cohort.length)))
      addClass(
        course, `${code}-${s + 1}`, `${subject} ${level} (group ${s + 1})`, 'scheduled', currentTerm, members,
        { lead: true, assistant: random.chance(0.25) }
      )
    }
  }
  const firstClass = classRows[0]!
  for (const member of namedStaff) teacherRows.push(
    teachingAssignmentRow(school.id, { classId: firstClass.id, personId: member.id, role: 'assistant', validFrom: currentTerm.startsOn, validTo: null }, now)
  )
  const drama = newCourse('DRA-SUMMER', 'Drama Intensive', 'Drama', upperLevels, yearOf(yesterday))
  addClass(drama, 'DRA-SUMMER-1', 'Drama Intensive', 'scheduled', endedTerm, students.slice(0, 12).map(student => student.id), { lead: true, assistant: false })

  const taken = new Set<string>()
  const logins = [
    ...students.map((student, i) => ({ personId: student.id, schoolId: school.id, loginName: String(10_000 + i) })),
    { personId: leaverId, schoolId: school.id, loginName: String(10_000 + students.length) },
    ...staff.map((member, i) => ({ personId: member.id, schoolId: school.id, loginName: staffLoginFor(member.familyName, member.givenNames, taken, i) }))
  ]

  await writeChanges(ctx, async (tx, changes) => {
    await batch.write(tx, changes)
    for (const person of renames) {
      await tx.update(people)
        .set({ familyName: person.familyName, givenNames: person.givenNames, nameKey: nameSortKey(person.familyName, person.givenNames) })
        .where(eq(people.id, person.id))
      changes.record('person.updated', 'people', person.id)
    }
    await bulkInsert(tx, academicSessions, [...sessions, endedTerm, currentTerm])
    await bulkInsert(tx, courses, courseRows)
    await bulkInsert(tx, classes, classRows)
    await bulkInsert(tx, classTerms, termRows)
    await bulkInsert(tx, classMembers, memberRows)
    await bulkInsert(tx, teachingAssignments, teacherRows)
    await bulkInsert(tx, loginNames, logins)
    for (const row of [...sessions, endedTerm, currentTerm]) changes.record('academic_session.created', 'academic_sessions', row.id)
    for (const row of courseRows) changes.record('course.created', 'courses', row.id)
    for (const row of classRows) changes.record('class.created', 'classes', row.id)
    for (const row of memberRows) changes.record('class_member.created', 'class_members', row.id)
    for (const row of teacherRows) changes.record('teaching_assignment.created', 'teaching_assignments', row.id)
    for (const row of logins) changes.record('person.updated', 'people', row.personId)
  })
  return { classes: classRows.length, courses: courseRows.length }
}
