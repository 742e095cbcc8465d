import { and, desc, eq } from 'drizzle-orm'
import { nameHistory, people, type NameChangeKind } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext, SchoolRef } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../shared/clock'
import { addDays, isDay } from '../shared/days'
import { apiError, type FieldProblem } from '../../utils/errors'
import { nameSortKey } from './name-key'
import { requirePerson } from './require-person'

export interface NameCorrection {
  familyName: string
  givenNames: string
  /** `correction` (recorded wrongly) or `change` (the person changed it); default `correction`. */
  change?: NameChangeKind
  /** The first day of the new name; default today in the school's zone. */
  effectiveFrom?: string
}

function checkNames(correction: NameCorrection) {
  const problems: FieldProblem[] = []
  for (const field of ['familyName', 'givenNames'] as const) {
    const value = correction[field].trim()
    if (!value) problems.push({ path: field, message: 'Required.' })
    else if (value.length > 200) problems.push({ path: field, message: 'At most 200 characters.' })
  }
  if (correction.effectiveFrom !== undefined && !isDay(correction.effectiveFrom)) problems.push({ path: 'effectiveFrom', message: 'Use a day as YYYY-MM-DD.' })
  if (problems.length) throw apiError('validation_failed', problems.map(p => `${p.path}: ${p.message}`), { fields: problems })
}

/**
 * Gives a person a new name, keeping the one it replaces in their name history with the days it was
 * held: from the day after the name before it ended (or from the start of the record), to the day
 * before the new one. The name key moves with the name, so the person lists in its new place.
 * Returns false, writing nothing, when the name is unchanged.
 */
export async function correctPersonName(ctx: DomainContext, personId: string, correction: NameCorrection): Promise<boolean> {
  checkNames(correction)
  const familyName = correction.familyName.trim()
  const givenNames = correction.givenNames.trim()
  const effectiveFrom = correction.effectiveFrom ?? todayInZone(ctx.school.timeZone)
  const person = await requirePerson(ctx.database.db, ctx.school, personId)
  if (person.familyName === familyName && person.givenNames === givenNames) return false
  await writeChanges(ctx, async (tx, changes) => {
    const current = await requirePerson(tx, ctx.school, personId)
    const [previous] = await tx.select({ heldTo: nameHistory.heldTo }).from(nameHistory)
      .where(eq(nameHistory.personId, personId)).orderBy(desc(nameHistory.heldTo)).limit(1)
    const heldFrom = previous ? addDays(previous.heldTo, 1) : null
    if (heldFrom !== null && effectiveFrom <= heldFrom) {
      throw apiError('unprocessable', [`The current name took effect on ${heldFrom}; a new name must take effect after that day.`])
    }
    await tx.insert(nameHistory).values({
      id: newId('nmh'),
      schoolId: ctx.school.id,
      personId,
      familyName: current.familyName,
      givenNames: current.givenNames,
      heldFrom,
      heldTo: addDays(effectiveFrom, -1),
      change: correction.change ?? 'correction',
      recordedAt: timestampNow()
    })
    await tx.update(people)
      .set({ familyName, givenNames, nameKey: nameSortKey(familyName, givenNames), updatedAt: timestampNow() })
      .where(eq(people.id, personId))
    changes.record('person.updated', 'people', personId)
  })
  return true
}

/** A person's earlier names, most recent first; empty for another school's person. */
export async function listNameHistory(database: Database, school: SchoolRef, personId: string) {
  return database.db
    .select({ familyName: nameHistory.familyName, givenNames: nameHistory.givenNames, heldFrom: nameHistory.heldFrom, heldTo: nameHistory.heldTo, change: nameHistory.change })
    .from(nameHistory)
    .where(and(eq(nameHistory.schoolId, school.id), eq(nameHistory.personId, personId)))
    .orderBy(desc(nameHistory.heldTo))
}
