import { and, eq } from 'drizzle-orm'
import { academicSessions, academicSessionKinds, type AcademicSessionKind } from '../../../db/schema'
import { isOneOf } from '../../../shared/vocabulary'
import { isDay } from '../days/calendar'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { domainError, validationFailed } from '../shared/domain-error'
import { academicSessionRow, schoolCodePattern } from './timetable-rows'

export interface AcademicSessionInput {
  code: string
  title: string
  kind: AcademicSessionKind
  startsOn: string
  endsOn: string
  /** A term's school year, by its code. */
  parentCode?: string | null
}

/**
 * Records a school year or a term, or changes the one with the same code. A term belongs to a school
 * year and lies within its days; both run from `startsOn` to `endsOn`, inclusive, in the school's zone.
 */
export function saveAcademicSession(ctx: DomainContext, input: AcademicSessionInput): Promise<{ id: string, created: boolean }> {
  const problems = [
    ...(schoolCodePattern.test(input.code) ? [] : [{ path: 'code', message: 'Use 1 to 64 letters, digits, `.`, `_` or `-`.' }]),
    ...(input.title.trim() && !/[\r\n]/.test(input.title) ? [] : [{ path: 'title', message: 'Required, on one line.' }]),
    ...(isOneOf(academicSessionKinds, input.kind) ? [] : [{ path: 'kind', message: `Use one of ${academicSessionKinds.join(', ')}.` }]),
    ...(isDay(input.startsOn) ? [] : [{ path: 'startsOn', message: 'Use a day as YYYY-MM-DD.' }]),
    ...(isDay(input.endsOn) ? [] : [{ path: 'endsOn', message: 'Use a day as YYYY-MM-DD.' }]),
    ...(input.kind === 'term' && !input.parentCode ? [{ path: 'parentCode', message: 'A term names its school year.' }] : []),
    ...(input.kind === 'school_year' && input.parentCode ? [{ path: 'parentCode', message: 'A school year belongs to no other session.' }] : [])
  ]
  if (problems.length) throw validationFailed(problems)
  if (input.endsOn < input.startsOn) throw domainError('unprocessable', [`A session cannot end (${input.endsOn}) before it starts (${input.startsOn}).`])

  return writeChanges(ctx, async (tx, changes) => {
    const sessionByCode = async (code: string) => (await tx.select().from(academicSessions)
      .where(and(eq(academicSessions.schoolId, ctx.school.id), eq(academicSessions.code, code))))[0]
    let parentId: string | null = null
    if (input.parentCode) {
      const parent = await sessionByCode(input.parentCode)
      if (parent?.kind !== 'school_year') throw domainError('unprocessable', [`There is no school year with the code ${input.parentCode}.`])
      if (input.startsOn < parent.startsOn || input.endsOn > parent.endsOn) {
        throw domainError('unprocessable', [`A term must lie within its school year (${parent.startsOn} to ${parent.endsOn}).`])
      }
      parentId = parent.id
    }
    const values = { title: input.title.trim(), kind: input.kind, parentId, startsOn: input.startsOn, endsOn: input.endsOn }
    const existing = await sessionByCode(input.code)
    if (existing) {
      await tx.update(academicSessions).set({ ...values, updatedAt: timestampNow() }).where(eq(academicSessions.id, existing.id))
      changes.record('academic_session.updated', 'academic_sessions', existing.id)
      return { id: existing.id, created: false }
    }
    const row = academicSessionRow(ctx.school.id, { code: input.code, ...values }, timestampNow())
    await tx.insert(academicSessions).values(row)
    changes.record('academic_session.created', 'academic_sessions', row.id)
    return { id: row.id, created: true }
  })
}
