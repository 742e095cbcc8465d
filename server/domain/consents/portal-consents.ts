import { and, desc, eq, inArray } from 'drizzle-orm'
import { consentAskChildren, consentAsks, consentPurposes } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { childrenWithStanding } from '../access/children-shown'
import { answersOfChildren } from './ask-answers'
import { askIsOpen } from './ask-view'
import { answerHistory, takesWithdrawal } from './record-answer'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/**
 * The portal's Consents: for each child the adult has `consents` standing on today (and so may see;
 * showsChild), the asks for that child, newest first, with the adult's own answer in force and its
 * history, and where the child stands overall. A child outside their standing is never named.
 */
export async function portalConsents(ctx: ReadContext, adultId: string, day: string) {
  const children = await childrenWithStanding(ctx, adultId, 'consents', day)
  if (!children.length) return { items: [] }
  const rows = await ctx.database.db.select({ ask: consentAsks, purpose: consentPurposes, childId: consentAskChildren.childId }).from(consentAskChildren)
    .innerJoin(consentAsks, eq(consentAsks.id, consentAskChildren.askId))
    .innerJoin(consentPurposes, eq(consentPurposes.id, consentAsks.purposeId))
    .where(and(eq(consentAskChildren.schoolId, ctx.school.id), inArray(consentAskChildren.childId, children.map(child => child.id))))
    .orderBy(desc(consentAsks.createdAt), desc(consentAsks.id))
  const byId = new Map(children.map(child => [child.id, child]))
  const items = []
  for (const { ask, purpose, childId } of rows) {
    if (ask.status === 'cancelled') continue
    const [state] = await answersOfChildren(ctx, ask, purpose, [childId], day)
    const mine = state!.adults.find(adult => adult.adultId === adultId)
    items.push({
      ask: {
        id: ask.id, purpose: purpose.name, lasting: purpose.lasting, subject: ask.subject, closesOn: ask.closesOn, occasionOn: ask.occasionOn,
        answeredBy: ask.answeredBy, open: askIsOpen(ask, day)
      },
      child: byId.get(childId)!,
      status: state!.status,
      myAnswer: mine?.answer ?? null,
      // Answers close with the ask, but a standing consent given can still be withdrawn (docs/consents.md).
      canWithdraw: !askIsOpen(ask, day) && mine?.answer === 'yes' && takesWithdrawal(ask, purpose),
      history: await answerHistory(ctx, ask.id, childId, adultId)
    })
  }
  return { items }
}
