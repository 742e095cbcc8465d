import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm'
import { legalHolds, people, schools } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { legalHoldInput, type LegalHoldInput } from '../../../shared/schemas/retention'
import type { DomainContext } from '../shared/context'
import { domainError, parseInput } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { actorLabels } from '../shared/actor-labels'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { assertCapability } from '../access/access'
import { recordActivity } from '../activity/record-activity'
import { recordRetentionAction } from './retention-actions'

/** A hold is in force until someone releases it, on every day up to and including the day it ends. */
const inForce = (schoolId: string, today: string) => and(eq(legalHolds.schoolId, schoolId), isNull(legalHolds.releasedAt), gte(legalHolds.endsOn, today))

/**
 * Of `personIds`, those under a legal hold in force today at the school, in its own zone (issue 42 point 2): the
 * erasure leaves them whole. Read in `tx`, the erasure's own transaction, so a hold placed a moment before is seen.
 */
export async function heldPersonIds(tx: Db, schoolId: string, personIds: readonly string[]): Promise<Set<string>> {
  if (!personIds.length) return new Set()
  const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId))
  if (!school) return new Set()
  const rows = await tx.selectDistinct({ personId: legalHolds.personId }).from(legalHolds)
    .where(and(inForce(schoolId, todayInZone(school.timeZone)), inArray(legalHolds.personId, [...personIds])))
  return new Set(rows.map(row => row.personId))
}

/** The holds in force at the school, oldest first, with each person's name read live. */
export async function listLegalHolds(ctx: DomainContext) {
  assertCapability(ctx, 'retention.manage')
  const rows = await ctx.database.db.select({
    id: legalHolds.id, personId: legalHolds.personId, reason: legalHolds.reason, endsOn: legalHolds.endsOn,
    placedBy: legalHolds.placedBy, placedAt: legalHolds.placedAt, familyName: people.familyName, givenNames: people.givenNames
  }).from(legalHolds).innerJoin(people, eq(people.id, legalHolds.personId))
    .where(inForce(ctx.school.id, todayInZone(ctx.school.timeZone))).orderBy(asc(legalHolds.placedAt), asc(legalHolds.id))
  const labels = await actorLabels(ctx.database.db, ctx.school.id, rows.map(row => row.placedBy))
  return rows.map(({ familyName, givenNames, ...row }) => ({
    ...row, name: `${givenNames} ${familyName}`, placedBy: labels.get(row.placedBy) ?? row.placedBy
  }))
}

/**
 * Places a legal hold on a person of the school: the sweep's erasure leaves them whole until the hold ends or is
 * released. The reason is one line of at most 500 characters; the end a day after today. The hold, its Activity entry
 * and a `held` retention action (no personal data: the count and who) commit together.
 */
export async function placeLegalHold(ctx: DomainContext, input: LegalHoldInput) {
  assertCapability(ctx, 'retention.manage')
  const { personId, reason, endsOn } = parseInput(legalHoldInput, input)
  const today = todayInZone(ctx.school.timeZone)
  if (endsOn <= today) throw domainError('validation_failed', ['A hold ends on a day after today.'], {
    fields: [{ path: 'endsOn', message: 'Choose a day after today.' }]
  })
  return ctx.database.transaction(async (tx) => {
    const [person] = await tx.select({ id: people.id }).from(people).where(and(eq(people.id, personId), eq(people.schoolId, ctx.school.id)))
    if (!person) throw domainError('not_found', [`No person has the id ${personId}.`])
    const id = newId('hld')
    await tx.insert(legalHolds).values({
      id, schoolId: ctx.school.id, personId, reason, endsOn, placedBy: recordedActor(ctx.actor), placedAt: timestampNow()
    })
    await recordActivity(tx, ctx, {
      kind: 'legal_hold.placed', subjectType: 'person', subjectId: personId, summary: `Legal hold placed until ${endsOn}`,
      changes: { endsOn: [null, endsOn], reason: [null, reason] }
    })
    await recordRetentionAction(tx, ctx, { action: 'held', recordClass: 'legal_hold', count: 1, rule: `hold:${id}` })
    return { id, personId, endsOn }
  })
}

/** Releases a hold in force: the person's class's period applies again from the next sweep. */
export async function releaseLegalHold(ctx: DomainContext, holdId: string) {
  assertCapability(ctx, 'retention.manage')
  return ctx.database.transaction(async (tx) => {
    const [hold] = await tx.select().from(legalHolds).where(and(eq(legalHolds.id, holdId), eq(legalHolds.schoolId, ctx.school.id)))
    if (!hold) throw domainError('not_found', [`No legal hold has the id ${holdId}.`])
    if (hold.releasedAt) throw domainError('conflict', ['This hold was released already.'])
    await tx.update(legalHolds).set({ releasedAt: timestampNow(), releasedBy: recordedActor(ctx.actor) }).where(eq(legalHolds.id, holdId))
    await recordActivity(tx, ctx, {
      kind: 'legal_hold.released', subjectType: 'person', subjectId: hold.personId, summary: `Legal hold released (it ran until ${hold.endsOn})`
    })
    await recordRetentionAction(tx, ctx, { action: 'released', recordClass: 'legal_hold', count: 1, rule: `hold:${holdId}` })
    return { id: holdId, personId: hold.personId, released: true }
  })
}
