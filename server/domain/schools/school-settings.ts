import { eq, sql } from 'drizzle-orm'
import { schools, type SchoolLists } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { alumniRules, heldParts, isOneOf, type HeldPart } from '../../../shared/vocabulary'
import { domainError, requirePlainLines } from '../shared/domain-error'
import { isTimeZone } from './create-school'
import { requireSchool } from './find-school'
import { excerpt } from '../../../shared/excerpt'

export interface SchoolSettings {
  timeZone?: string
  /** In order, lowest first. */
  yearLevels?: string[]
  finalYearLevel?: string
  alumniRule?: SchoolLists['alumniRule']
  /** The parts of a person the school keeps in its student information system; only a people sync changes them. */
  heldElsewhere?: HeldPart[]
}

/**
 * Changes the settings a school keeps for people and roles: its time zone, its year levels and
 * which is final, who counts as an alumnus, and which parts of a person its SIS keeps. Returns the school as it now is.
 */
export async function updateSchoolSettings(ctx: DomainContext, settings: SchoolSettings) {
  const { database } = ctx
  // Read afresh: the context's reference may predate another change of the settings.
  const school = await requireSchool(database, ctx.school.id)
  const lists: SchoolLists = { ...school.lists }
  if (settings.yearLevels !== undefined) {
    requirePlainLines(settings.yearLevels.map((level, i) => [`yearLevels[${i}]`, level] as const))
    const levels = settings.yearLevels.map(level => level.trim())
    if (levels.length === 0 || levels.some(level => !level) || new Set(levels).size !== levels.length) {
      throw domainError('unprocessable', ['Year levels must be a non-empty list of distinct names.'])
    }
    lists.yearLevels = levels
  }
  if (settings.finalYearLevel !== undefined) lists.finalYearLevel = settings.finalYearLevel
  if (!lists.yearLevels.includes(lists.finalYearLevel)) {
    throw domainError('unprocessable', [`The final year level "${excerpt(lists.finalYearLevel)}" is not one of the school's year levels (${lists.yearLevels.join(', ')}).`])
  }
  if (settings.alumniRule !== undefined) {
    if (!isOneOf(alumniRules, settings.alumniRule)) throw domainError('unprocessable', [`The alumni rule is one of ${alumniRules.join(', ')}.`])
    lists.alumniRule = settings.alumniRule
  }
  if (settings.heldElsewhere !== undefined) {
    const unknown = settings.heldElsewhere.filter(part => !isOneOf(heldParts, part))
    if (unknown.length) throw domainError('unprocessable', [`A school can keep these parts elsewhere: ${heldParts.join(', ')}; not ${unknown.join(', ')}.`])
    lists.heldElsewhere = [...new Set(settings.heldElsewhere)]
  }
  const timeZone = settings.timeZone ?? school.timeZone
  if (!isTimeZone(timeZone)) throw domainError('unprocessable', [`${excerpt(timeZone)} is not an IANA time zone.`])
  // Settings change what answers say (the zone moves "today", the rule who is an alumnus), so kept answers go stale with them.
  await database.transaction(tx => tx.update(schools)
    .set({ timeZone, lists: JSON.stringify(lists), dataVersion: sql`${schools.dataVersion} + 1` })
    .where(eq(schools.id, school.id)))
  return requireSchool(database, school.id)
}
