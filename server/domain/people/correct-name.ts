import { and, desc, eq } from 'drizzle-orm'
import { nameHistory, people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { addDays } from '../days/calendar'
import { domainError, parseInput } from '../shared/domain-error'
import { nameCorrectionSchema, type NameCorrection } from '../../../shared/schemas/people'
import { nameSortKey } from './name-key'
import { requirePerson } from './require-person'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'

/**
 * Gives a person a new name, keeping the one it replaces in their name history with the days it was
 * held: from the day after the name before it ended (or from the start of the record), to the day
 * before the new one. The name key moves with the name, so the person lists in its new place.
 * Returns false, writing nothing, when the name is unchanged.
 */
export async function correctPersonName(ctx: DomainContext, personId: string, correction: NameCorrection): Promise<boolean> {
  refuseHeldElsewhere(ctx.school, 'names')
  const parsed = parseInput(nameCorrectionSchema, correction)
  const person = await requirePerson(ctx.database.db, ctx.school, personId)
  if (person.familyName === parsed.familyName && person.givenNames === parsed.givenNames) return false
  return writeChanges(ctx, (tx, changes) => writePersonName(tx, changes, ctx.school, personId, parsed))
}

/**
 * correctPersonName's work inside a write someone else opened (a family's approved request changes
 * names and contact in one): the same rules, the same history and event. False when unchanged.
 */
export async function writePersonName(tx: Db, changes: ChangeLog, school: SchoolRef, personId: string, correction: NameCorrection): Promise<boolean> {
  refuseHeldElsewhere(school, 'names')
  const { familyName, givenNames, change = 'correction', effectiveFrom = todayInZone(school.timeZone) } = parseInput(nameCorrectionSchema, correction)
  const current = await requirePerson(tx, school, personId)
  if (current.familyName === familyName && current.givenNames === givenNames) return false
  const [previous] = await tx.select({ heldTo: nameHistory.heldTo }).from(nameHistory)
    .where(eq(nameHistory.personId, personId)).orderBy(desc(nameHistory.heldTo)).limit(1)
  const heldFrom = previous ? addDays(previous.heldTo, 1) : null
  if (heldFrom !== null && effectiveFrom <= heldFrom) {
    throw domainError('unprocessable', [`The current name took effect on ${heldFrom}; a new name must take effect after that day.`])
  }
  await tx.insert(nameHistory).values({
    id: newId('nmh'),
    schoolId: school.id,
    personId,
    familyName: current.familyName,
    givenNames: current.givenNames,
    heldFrom,
    heldTo: addDays(effectiveFrom, -1),
    change,
    recordedAt: timestampNow()
  })
  await tx.update(people)
    .set({ familyName, givenNames, nameKey: nameSortKey(familyName, givenNames), updatedAt: timestampNow() })
    .where(eq(people.id, personId))
  changes.record('person.updated', 'people', personId)
  return true
}

/** A person's earlier names, most recent first; empty for another school's person. */
export async function listNameHistory(ctx: DomainContext, personId: string) {
  const { database, school } = ctx
  return database.db
    .select({
      familyName: nameHistory.familyName, givenNames: nameHistory.givenNames, heldFrom: nameHistory.heldFrom, heldTo: nameHistory.heldTo,
      change: nameHistory.change
    })
    .from(nameHistory)
    .where(and(eq(nameHistory.schoolId, school.id), eq(nameHistory.personId, personId)))
    .orderBy(desc(nameHistory.heldTo))
}
