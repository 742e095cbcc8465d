import { z } from 'zod'
import { day, pageQueryShape, plainLine, recordId } from './common'
import { csvText } from './imports'

/** A search of the timetable's codes and titles, as typed: plain text, any wildcard taken literally. */
const timetableSearch = plainLine(200).optional().describe('Matches a code or title anywhere, case aside.')

export const timetableSessionSchema = z.object({
  id: recordId('ses'), code: z.string(), title: z.string(), kind: z.string(), startsOn: day, endsOn: day
})
export const timetableSessionsSchema = z.object({ items: z.array(timetableSessionSchema) })

export const courseListQuery = z.strictObject({ search: timetableSearch, ...pageQueryShape })
export const courseSchema = z.object({
  id: recordId('crs'), code: z.string(), title: z.string(), subject: z.string().nullable(), yearLevels: z.array(z.string()), schoolYear: z.string()
})
export const coursePageSchema = z.object({ items: z.array(courseSchema), nextCursor: z.string().nullable() })

export const classListQuery = z.strictObject({ search: timetableSearch, ...pageQueryShape })
export const classSchema = z.object({
  id: recordId('cls'), code: z.string(), title: z.string(), kind: z.string(), room: z.string().nullable(), periods: z.array(z.string()),
  courseCode: z.string(), courseTitle: z.string(), terms: z.array(z.string()),
  members: z.number().int().describe('Students in the class today.'),
  teachers: z.number().int().describe('Staff teaching or assisting in it today.')
})
export const classPageSchema = z.object({ items: z.array(classSchema), nextCursor: z.string().nullable() })
export const classIdParams = z.object({ id: recordId('cls') })

export const classPeopleQuery = z.strictObject({ ...pageQueryShape })
export const classMemberSchema = z.object({
  personId: recordId('per'), familyName: z.string(), givenNames: z.string(), validFrom: day, validTo: day.nullable(),
  restricted: z.boolean().describe('Under a protection flag or court order today: listed only to staff holding restricted.read.')
})
export const classMemberPageSchema = z.object({ items: z.array(classMemberSchema), nextCursor: z.string().nullable() })
export const classTeacherSchema = z.object({
  personId: recordId('per'), familyName: z.string(), givenNames: z.string(), role: z.string(), validFrom: day, validTo: day.nullable()
})
export const classTeacherPageSchema = z.object({ items: z.array(classTeacherSchema), nextCursor: z.string().nullable() })

/** A timetable file sent from the screen, to preview or to load: the same file both times. */
export const timetableUploadSchema = z.strictObject({
  csv: csvText('The timetable (docs/timetable.md)'),
  from: day.optional().describe('The first day the file holds for; default today in the school\'s time zone.')
})

const importProblemShape = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() })

export const timetablePreviewSchema = z.object({
  from: day,
  problems: z.array(importProblemShape).describe('When there is any, the file cannot be loaded.'),
  rows: z.number().int(),
  classes: z.number().int(),
  classesNew: z.number().int(),
  courses: z.number().int(),
  coursesNew: z.number().int(),
  listed: z.array(z.object({
    code: z.string(), title: z.string(), courseCode: z.string(), terms: z.string(), isNew: z.boolean(), students: z.number().int(), staff: z.number().int()
  })).describe('The first 200 classes of the file.')
})

export const timetableImportAnswerSchema = z.object({
  applied: z.boolean(),
  problems: z.array(importProblemShape),
  counts: z.object({
    rows: z.number().int(), classes: z.number().int(), classesCreated: z.number().int(), coursesCreated: z.number().int(),
    membersOpened: z.number().int(), membersClosed: z.number().int(), teachersOpened: z.number().int(), teachersClosed: z.number().int()
  })
})
