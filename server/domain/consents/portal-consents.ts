import { and, desc, eq, inArray } from 'drizzle-orm'
import { consentAskChildren, consentAsks, consentPurposes, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { childrenWithStanding } from '../access/children-shown'
import { answersOfChildren } from './ask-answers'
import { askIsOpen } from './ask-view'
import { answerHistory, takesWithdrawal } from './record-answer'
import { askQuestions, shownHash, shownLanguageOf, shownWords } from './signed-words'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/**
 * The portal's Consents: for each child the adult has `consents` standing on today (and so may see;
 * showsChild), the asks for that child, newest first, with the adult's own answer in force and its
 * history, and where the child stands overall, except for an ask every adult answers, where that would tell one
 * adult another's answer (a separated parent is never told the other's). An ask that is signed carries what
 * signing shows in the adult's language and its hash. A child outside their standing is never named.
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
  const [adult] = await ctx.database.db.select({ preferredLanguage: people.preferredLanguage }).from(people).where(eq(people.id, adultId))
  const language = shownLanguageOf(adult?.preferredLanguage)
  const items = []
  for (const { ask, purpose, childId } of rows) {
    if (ask.status === 'cancelled') continue
    const [state] = await answersOfChildren(ctx, ask, purpose, [childId], day)
    const mine = state!.adults.find(adult => adult.adultId === adultId)
    const words = shownWords(ask, purpose, language)
    items.push({
      ask: {
        id: ask.id, purpose: purpose.name, lasting: purpose.lasting, subject: ask.subject, closesOn: ask.closesOn, occasionOn: ask.occasionOn,
        answeredBy: ask.answeredBy, open: askIsOpen(ask, day), text: ask.text, signature: ask.signature, questions: askQuestions(ask)
      },
      child: byId.get(childId)!,
      status: ask.answeredBy === 'every_adult' ? null : state!.status,
      myAnswer: mine?.answer ?? null,
      myAnswerId: mine?.answerId ?? null,
      mySignedAt: mine?.signed ? mine.answeredAt : null,
      signing: ask.signature === 'required'
        ? { statement: words.statement, language, shownHash: shownHash(words) }
        : null,
      // Answers close with the ask, but a standing consent given can still be withdrawn (docs/consents.md).
      canWithdraw: !askIsOpen(ask, day) && mine?.answer === 'yes' && takesWithdrawal(ask, purpose),
      history: await answerHistory(ctx, ask.id, childId, adultId)
    })
  }
  return { items }
}
