import { and, eq, inArray } from 'drizzle-orm'
import { affiliations, classes, classMembers, dataCheckAdults, dataCheckChildren, dataChecks } from '../../../db/schema'
import { bulkInsert } from '../../../db/bulk-insert'
import { slicesOf } from '../../../db/id-slices'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { recordedActor } from '../shared/actor'
import { compareText } from '../shared/compare-text'
import { timestampNow, todayInZone } from '../days/clock'
import { inForceOn } from '../days/in-force'
import { recordActivity } from '../activity/record-activity'
import { audienceUnknown, reachOf, resolveGroups } from '../messages/audience'
import { sendNotice } from '../notifications/send-notice'
import { dataCheckNoticeWords } from './data-check-notice'
import { dataCheckView } from './list-data-checks'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/** The children of an audience today: the whole school's on the roll, or a year level's or a campus's (messages' groups). */
async function childrenOfAudience(ctx: ReadContext, audience: string, day: string) {
  if (audience === 'school') {
    const rows = await ctx.database.db.selectDistinct({ childId: affiliations.personId }).from(affiliations)
      .where(and(eq(affiliations.schoolId, ctx.school.id), eq(affiliations.kind, 'student'), inForceOn(affiliations, day)))
    return rows.map(row => ({ childId: row.childId }))
  }
  const resolved = await resolveGroups(ctx, [audience], day)
  if (resolved.unknown.length) throw audienceUnknown(resolved.unknown)
  return resolved.entries.map(entry => ({ childId: entry.childId }))
}

/** Each child's homeroom on the day, the first by code for a child in two (a move mid-way through); none is ''. */
async function homeroomsOf(ctx: ReadContext, childIds: readonly string[], day: string) {
  const rooms = new Map<string, string>()
  for (const slice of slicesOf(childIds)) {
    const rows = await ctx.database.db.select({ personId: classMembers.personId, code: classes.code }).from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(and(eq(classMembers.schoolId, ctx.school.id), eq(classes.kind, 'homeroom'), inForceOn(classMembers, day), inArray(classMembers.personId, slice)))
    for (const row of rows) {
      const known = rooms.get(row.personId)
      if (known === undefined || compareText(row.code, known) < 0) rooms.set(row.personId, row.code)
    }
  }
  return rooms
}

/**
 * Starts a data check (docs/data-check.md): every adult with `details` standing today on a child of the audience is
 * asked, about those children, by the closing day. The adults and the children (with each child's homeroom today) are
 * written with the check in one transaction, so a child joining later is not asked about; then one notice of kind
 * `school` tells them, in each one's language. `audience_unknown` for a year level or campus the school does not
 * have; `audience_empty` when no child of it has an adult to ask. A closing day already past is refused beside it.
 */
export async function startDataCheck(ctx: DomainContext, input: { audience: string, closesOn: string }) {
  const today = todayInZone(ctx.school.timeZone)
  if (input.closesOn < today) throw validationFailed([{ path: 'closesOn', message: 'The closing day has passed.' }])
  const entries = await childrenOfAudience(ctx, input.audience, today)
  const reach = await reachOf(ctx, entries, 'details', today)
  if (reach.adults.size === 0) throw domainError('audience_empty', ['No child of this audience has an adult the school can ask.'])
  const rooms = await homeroomsOf(ctx, [...reach.children], today)
  const at = timestampNow()
  const check = {
    id: newId('dck'), schoolId: ctx.school.id, audience: input.audience, closesOn: input.closesOn, status: 'open' as const,
    createdAt: at, createdBy: recordedActor(ctx.actor), remindedAt: null, updatedAt: at
  }
  const pairs = [...reach.adults].flatMap(([adultId, childIds]) => childIds.map(childId => ({ adultId, childId })))
  await ctx.database.transaction(async (tx) => {
    await tx.insert(dataChecks).values(check)
    await bulkInsert(tx, dataCheckAdults, [...reach.adults.keys()].map(adultId => ({
      checkId: check.id, adultId, schoolId: ctx.school.id, state: 'waiting' as const, answeredAt: null, remindedAt: null
    })))
    await bulkInsert(tx, dataCheckChildren, pairs.map(pair => ({
      checkId: check.id, ...pair, schoolId: ctx.school.id, classCode: rooms.get(pair.childId) ?? ''
    })))
    await recordActivity(tx, ctx, {
      kind: 'data_check.started', subjectType: 'data_check', subjectId: check.id,
      summary: `Data check ${check.id} started for ${input.audience}, closing ${input.closesOn}: ${reach.adults.size} adults asked`
    })
  })
  await sendNotice(ctx, { kind: 'school', audience: `datacheck:${check.id}`, words: language => dataCheckNoticeWords(language, input.closesOn, 'start') })
  const counts = { adults: reach.adults.size, children: reach.children.size, waiting: reach.adults.size, confirmed: 0, corrected: 0 }
  return dataCheckView(check, today, counts)
}
