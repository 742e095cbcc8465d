import { and, desc, eq } from 'drizzle-orm'
import { consentAsks, consentPurposes } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { childrenUnderRestriction, listsRestrictedChildren } from '../access/withholding'
import { askTally, askWithPurpose, childIdsOfAsk } from './ask-answers'
import { askView, type AskRow, type PurposeRow } from './ask-view'
import { assertDayReadable } from './day-readable'

/**
 * An ask's tally as the office reads it: the children the answers page lists, so the two agree: a child
 * under restriction today counts only for a caller holding `restricted.read` (`office_list`), since a
 * tally counting them would tell, against the page, that a restricted child is in the ask and how
 * their adults answered.
 */
async function officeTally(ctx: DomainContext, ask: AskRow, purpose: PurposeRow, day: string) {
  const childIds = await childIdsOfAsk(ctx, ask.id)
  if (listsRestrictedChildren(ctx, 'office_list')) return askTally(ctx, ask, purpose, childIds, day)
  const restricted = await childrenUnderRestriction(ctx, childIds, todayInZone(ctx.school.timeZone))
  return askTally(ctx, ask, purpose, childIds.filter(id => !restricted.has(id)), day)
}

/** The school's asks, newest first, each with its tally today (officeTally). */
export async function listConsentAsks(ctx: DomainContext, page: { limit: number, after?: [string, string] }) {
  const today = todayInZone(ctx.school.timeZone)
  const rows = await ctx.database.db.select({ ask: consentAsks, purpose: consentPurposes }).from(consentAsks)
    .innerJoin(consentPurposes, eq(consentPurposes.id, consentAsks.purposeId))
    .where(and(eq(consentAsks.schoolId, ctx.school.id), afterPosition(consentAsks.createdAt, consentAsks.id, page.after, 'desc')))
    .orderBy(desc(consentAsks.createdAt), desc(consentAsks.id)).limit(page.limit + 1)
  const slice = keysetSlice(rows, page.limit, row => row, (last): [string, string] => [last.ask.createdAt, last.ask.id])
  const items = []
  for (const { ask, purpose } of slice.items) items.push({ ...askView(ask, purpose, today), tally: await officeTally(ctx, ask, purpose, today) })
  return { items, next: slice.next }
}

/** One ask with its tally on the day (officeTally; another day than today needs `restricted.read`). */
export async function readConsentAsk(ctx: DomainContext, askId: string, day: string) {
  assertDayReadable(ctx, day)
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  return { ...askView(ask, purpose, todayInZone(ctx.school.timeZone)), tally: await officeTally(ctx, ask, purpose, day) }
}
