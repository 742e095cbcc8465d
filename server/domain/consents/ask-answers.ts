import { and, asc, eq, inArray } from 'drizzle-orm'
import { consentAskChildren, consentAsks, consentPurposes, consents } from '../../../db/schema'
import type { ConsentAnswer } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { showsChild, standingsOfChildren } from '../access/standing'
import { slicesOf } from '../../../db/id-slices'
import { compareText } from '../shared/compare-text'

/*
 * Where an ask stands for each child on a day (docs/consents.md, "Answers"): each adult's answer in
 * force is the one recorded last of those in force by the day (a withdrawal recorded from a later day
 * leaves the earlier yes in force until then). For a standing purpose every ask of the purpose counts,
 * since one answer lasts; for one asked each occasion, only this ask's answers. Only adults with
 * `consents` standing on the child on the day count: `every_adult` is yes when each of them said yes
 * and no when any said no; `any_adult` takes the answer recorded last.
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type AskRow = typeof consentAsks.$inferSelect
type PurposeRow = typeof consentPurposes.$inferSelect

export type ChildConsentStatus = ConsentAnswer | 'not_yet'

export interface AdultAnswer {
  adultId: string
  answer: ConsentAnswer | null
  effectiveFrom: string | null
  answeredAt: string | null
  enteredBy: string | null
  /** The answer in force, and whether it was signed. */
  answerId: string | null
  signed: boolean
}
export interface ChildAnswers { childId: string, status: ChildConsentStatus, adults: AdultAnswer[] }

/** The ask with its purpose, of this school, or null. */
export async function findAskWithPurpose(ctx: ReadContext, askId: string): Promise<{ ask: AskRow, purpose: PurposeRow } | null> {
  const [row] = await ctx.database.db.select({ ask: consentAsks, purpose: consentPurposes }).from(consentAsks)
    .innerJoin(consentPurposes, eq(consentPurposes.id, consentAsks.purposeId))
    .where(and(eq(consentAsks.schoolId, ctx.school.id), eq(consentAsks.id, askId)))
  return row ?? null
}

/** The ask with its purpose, of this school; `not_found` otherwise. */
export async function askWithPurpose(ctx: ReadContext, askId: string): Promise<{ ask: AskRow, purpose: PurposeRow }> {
  const row = await findAskWithPurpose(ctx, askId)
  if (!row) throw domainError('not_found', ['No consent ask with this id.'])
  return row
}

/** Every answer that bears on the ask for these children: the ask's own, or the purpose's when one answer lasts. */
async function answersBearingOn(ctx: ReadContext, ask: AskRow, purpose: PurposeRow, childIds: readonly string[]) {
  const rows: (typeof consents.$inferSelect)[] = []
  for (const slice of slicesOf(childIds)) {
    rows.push(...await ctx.database.db.select().from(consents).where(and(
      eq(consents.schoolId, ctx.school.id),
      purpose.lasting === 'standing' ? eq(consents.purposeId, purpose.id) : eq(consents.askId, ask.id),
      inArray(consents.childId, slice)
    )).orderBy(asc(consents.createdAt), asc(consents.id)))
  }
  return rows
}

/** Each adult's answer in force on the day: the last recorded of those in force by then. */
function answerInForce<Row extends { effectiveFrom: string, createdAt: string }>(rows: Row[], day: string): Row | undefined {
  let found: Row | undefined
  for (const row of rows) if (row.effectiveFrom <= day && (!found || row.createdAt >= found.createdAt)) found = row
  return found
}

/** Where the ask stands on the day for each of `childIds` (in that order), with each counted adult's answer. */
export async function answersOfChildren(ctx: ReadContext, ask: AskRow, purpose: PurposeRow, childIds: readonly string[], day: string): Promise<ChildAnswers[]> {
  const [standings, rows] = await Promise.all([standingsOfChildren(ctx, childIds, day), answersBearingOn(ctx, ask, purpose, childIds)])
  const byChildAdult = new Map<string, (typeof rows)[number][]>()
  for (const row of rows) {
    const key = `${row.childId} ${row.adultId}`
    byChildAdult.set(key, [...byChildAdult.get(key) ?? [], row])
  }
  return childIds.map((childId) => {
    const adults = (standings.get(childId) ?? []).filter(entry => showsChild(entry.standing, 'consents')).map(({ adultId }) => {
      const current = answerInForce(byChildAdult.get(`${childId} ${adultId}`) ?? [], day)
      return {
        adultId, answer: current?.answer ?? null, effectiveFrom: current?.effectiveFrom ?? null, answeredAt: current?.createdAt ?? null,
        enteredBy: current?.enteredBy ?? null, answerId: current?.id ?? null, signed: Boolean(current?.shownHash)
      }
    })
    return { childId, status: statusOf(ask, adults), adults }
  })
}

function statusOf(ask: AskRow, adults: AdultAnswer[]): ChildConsentStatus {
  const answered = adults.filter(adult => adult.answer !== null)
  if (ask.answeredBy === 'any_adult') {
    const last = answered.sort((a, b) => compareText(a.answeredAt!, b.answeredAt!)).at(-1)
    return last?.answer ?? 'not_yet'
  }
  if (answered.some(adult => adult.answer === 'no')) return 'no'
  return adults.length > 0 && answered.length === adults.length ? 'yes' : 'not_yet'
}

/** The ask's children, all of them. */
export async function childIdsOfAsk(ctx: ReadContext, askId: string): Promise<string[]> {
  const rows = await ctx.database.db.select({ childId: consentAskChildren.childId }).from(consentAskChildren)
    .where(and(eq(consentAskChildren.schoolId, ctx.school.id), eq(consentAskChildren.askId, askId)))
  return rows.map(row => row.childId)
}

/** How many of these children of the ask (the caller's list decides which: list-consent-asks.ts, officeTally) stand at yes, no and not yet on the day. */
export async function askTally(ctx: ReadContext, ask: AskRow, purpose: PurposeRow, childIds: readonly string[], day: string) {
  const states = await answersOfChildren(ctx, ask, purpose, childIds, day)
  const tally = { yes: 0, no: 0, notYet: 0 }
  for (const state of states) {
    if (state.status === 'yes') tally.yes++
    else if (state.status === 'no') tally.no++
    else tally.notYet++
  }
  return tally
}

/**
 * For `ask:<id>:unanswered`: each child of the ask still at not yet on the day, with the adults with
 * `consents` standing who have not answered (the ones a reminder is for).
 */
export async function unansweredOfAsk(ctx: ReadContext, askId: string, day: string): Promise<Map<string, Set<string>>> {
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  const states = await answersOfChildren(ctx, ask, purpose, await childIdsOfAsk(ctx, askId), day)
  const waiting = new Map<string, Set<string>>()
  for (const state of states) {
    if (state.status !== 'not_yet') continue
    const adults = state.adults.filter(adult => adult.answer === null).map(adult => adult.adultId)
    if (adults.length) waiting.set(state.childId, new Set(adults))
  }
  return waiting
}
