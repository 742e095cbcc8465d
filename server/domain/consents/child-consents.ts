import { and, asc, desc, eq } from 'drizzle-orm'
import { consentAskChildren, consentAsks, consentPurposes, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { todayInZone } from '../days/clock'
import { answersOfChildren } from './ask-answers'
import { askView } from './ask-view'
import { purposeView } from './consent-purposes'
import { assertDayReadable } from './day-readable'

/**
 * A child's consents in force on the day: each standing purpose asked about them (the answer lasts
 * across asks), and each ask of a purpose asked each occasion, with where it stands. Another day than
 * today needs `restricted.read` (assertDayReadable).
 */
export async function consentsOfChild(ctx: DomainContext, childId: string, day: string) {
  assertDayReadable(ctx, day)
  const [child] = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), eq(people.id, childId)))
  if (!child) throw domainError('not_found', ['No person with this id.'])
  const rows = await ctx.database.db.select({ ask: consentAsks, purpose: consentPurposes }).from(consentAskChildren)
    .innerJoin(consentAsks, eq(consentAsks.id, consentAskChildren.askId))
    .innerJoin(consentPurposes, eq(consentPurposes.id, consentAsks.purposeId))
    .where(and(eq(consentAskChildren.schoolId, ctx.school.id), eq(consentAskChildren.childId, childId)))
    .orderBy(asc(consentPurposes.name), desc(consentAsks.createdAt), desc(consentAsks.id))
  const today = todayInZone(ctx.school.timeZone)
  const seenStanding = new Set<string>()
  const items = []
  for (const { ask, purpose } of rows) {
    if (purpose.lasting === 'standing') {
      if (seenStanding.has(purpose.id)) continue
      seenStanding.add(purpose.id)
    } else if (ask.status === 'cancelled') continue
    const [state] = await answersOfChildren(ctx, ask, purpose, [childId], day)
    items.push({ purpose: purposeView(purpose), ask: askView(ask, purpose, today), status: state!.status })
  }
  return { child, day, consents: items }
}
