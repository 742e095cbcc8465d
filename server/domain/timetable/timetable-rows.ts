import type { academicSessions, classes, classMembers, courses, teachingAssignments, AcademicSessionKind, ClassKind, TeachingRole } from '../../../db/schema'
import { newId } from '../shared/ids'

/**
 * New timetable rows with fresh ids, as every writer stores them (the import, and the demo's bulk
 * inserts); they check nothing.
 */
export function academicSessionRow(
  schoolId: string, input: { code: string, title: string, kind: AcademicSessionKind, parentId: string | null, startsOn: string, endsOn: string },
  now: string
) {
  return { id: newId('ses'), schoolId, ...input, createdAt: now, updatedAt: now } satisfies typeof academicSessions.$inferInsert
}

export function courseRow(
  schoolId: string, input: { code: string, title: string, subject: string | null, yearLevels: string[], schoolYearId: string }, now: string
) {
  return {
    id: newId('crs'), schoolId, ...input, yearLevels: JSON.stringify(input.yearLevels), createdAt: now, updatedAt: now
  } satisfies typeof courses.$inferInsert
}

export function classRow(
  schoolId: string, input: { courseId: string, code: string, title: string, kind: ClassKind, room: string | null, periods: string[] }, now: string
) {
  return { id: newId('cls'), schoolId, ...input, periods: JSON.stringify(input.periods), createdAt: now, updatedAt: now } satisfies typeof classes.$inferInsert
}

export function classMemberRow(schoolId: string, input: { classId: string, personId: string, validFrom: string, validTo: string | null }, now: string) {
  return { id: newId('clm'), schoolId, ...input, createdAt: now } satisfies typeof classMembers.$inferInsert
}

export function teachingAssignmentRow(
  schoolId: string, input: { classId: string, personId: string, role: TeachingRole, validFrom: string, validTo: string | null }, now: string
) {
  return { id: newId('tas'), schoolId, ...input, createdAt: now } satisfies typeof teachingAssignments.$inferInsert
}

/** The school's own codes (class, course, session) and login names: what rosters and imports name things by. */
export const schoolCodePattern = /^[A-Za-z0-9._-]{1,64}$/
