import { and, asc, count, eq, exists, inArray, not } from 'drizzle-orm'
import { classes, classMembers, consentAskChildren, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { todayInZone } from '../days/clock'
import { inForceOn } from '../days/in-force'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { childrenUnderRestriction, listsRestrictedChildren, underRestriction } from '../access/withholding'
import { compareByName } from '../people/name-key'
import { answersOfChildren, askWithPurpose, childIdsOfAsk } from './ask-answers'
import { askView, type AskRow, type PurposeRow } from './ask-view'
import { assertDayReadable } from './day-readable'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

const childColumns = { id: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey }

/** Names for the adults of a page of answers. */
async function namesOf(ctx: ReadContext, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { id: string, familyName: string, givenNames: string }>()
  const rows = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, [...new Set(ids)])))
  return new Map(rows.map(row => [row.id, row]))
}

type ChildName = { id: string, familyName: string, givenNames: string }

async function answerItems(ctx: ReadContext, ask: AskRow, purpose: PurposeRow, children: ChildName[], day: string) {
  return itemsOf(ctx, children, await answersOfChildren(ctx, ask, purpose, children.map(child => child.id), day))
}

/** The children's items from where each stands (`states`, in the children's order), with their adults' names. */
async function itemsOf(ctx: ReadContext, children: ChildName[], states: Awaited<ReturnType<typeof answersOfChildren>>) {
  const names = await namesOf(ctx, states.flatMap(state => state.adults.map(adult => adult.adultId)))
  return children.map((child, i) => ({
    child: { id: child.id, familyName: child.familyName, givenNames: child.givenNames },
    status: states[i]!.status,
    adults: states[i]!.adults.map(({ adultId, ...answer }) => ({ adult: names.get(adultId)!, ...answer, enteredByStaff: answer.enteredBy !== null }))
      .map(({ enteredBy: _enteredBy, ...rest }) => rest)
  }))
}

/** An ask of at least this many pages' worth of children is paged by walking the school's name index (askChildrenPage). */
const walkFromPages = 20

/**
 * A page of the ask's children in name order. Joining the ask's children to their names reads and sorts
 * every child of the ask for each page: for the 2,000 of a whole school, 6 ms on SQLite and 28 ms on
 * PostgreSQL (which hashes the people of every school to join them). An ask of at least `walkFromPages` pages
 * of children walks the school's people in name order instead (people_school_id_name_key_id_idx), keeping
 * the ask's: a page then passes at most about a twentieth of the school (0.1 and 0.7 ms for that ask),
 * whereas a small ask in a large school would pass all of it. A child under restriction today is left
 * out in the query itself unless the caller may see them (`office_list`), so pages stay full.
 */
async function askChildrenPage(ctx: ReadContext, askId: string, keepsRestricted: boolean, page: { limit: number, after?: [string, string] }) {
  const { db } = ctx.database
  const shown = keepsRestricted ? undefined : not(underRestriction(db, people.id, todayInZone(ctx.school.timeZone)))
  const [{ children } = { children: 0 }] = await db.select({ children: count() }).from(consentAskChildren).where(eq(consentAskChildren.askId, askId))
  if (children < walkFromPages * (page.limit + 1)) {
    return db.select(childColumns).from(consentAskChildren)
      .innerJoin(people, eq(people.id, consentAskChildren.childId))
      .where(
        and(eq(consentAskChildren.schoolId, ctx.school.id), eq(consentAskChildren.askId, askId), shown, afterPosition(people.nameKey, people.id, page.after))
      )
      .orderBy(asc(people.nameKey), asc(people.id)).limit(page.limit + 1)
  }
  const inAsk = db.select({ childId: consentAskChildren.childId }).from(consentAskChildren)
    .where(and(eq(consentAskChildren.askId, askId), eq(consentAskChildren.childId, people.id)))
  return db.select(childColumns).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), afterPosition(people.nameKey, people.id, page.after), shown, exists(inAsk)))
    .orderBy(asc(people.nameKey), asc(people.id)).limit(page.limit + 1)
}

/**
 * The ask's answers per child on the day, a page in name order: yes, no or not yet, with each adult's answer.
 * Another day than today needs `restricted.read`: which adults' answers count on a day follows their standing,
 * so comparing days would tell when a court order or a flag began or ended. A child under restriction today
 * is listed, marked, to a caller holding `restricted.read` and left out for anyone else (`office_list`).
 */
export async function askAnswersPage(
  ctx: DomainContext, askId: string, day: string, page: { limit: number, after?: [string, string] }, options: { waiting?: boolean } = {}
) {
  assertDayReadable(ctx, day)
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  const keepsRestricted = listsRestrictedChildren(ctx, 'office_list')
  if (options.waiting) return waitingPage(ctx, ask, purpose, keepsRestricted, day, page)
  const rows = await askChildrenPage(ctx, ask.id, keepsRestricted, page)
  const slice = keysetSlice(rows, page.limit, row => row, (last): [string, string] => [last.nameKey, last.id])
  const restricted = await restrictedMarks(ctx, keepsRestricted, slice.items)
  return {
    items: (await answerItems(ctx, ask, purpose, slice.items, day)).map(item => ({ ...item, restricted: restricted.has(item.child.id) })),
    next: slice.next
  }
}

/**
 * Who is still to answer: the ask's children at not yet on the day, a page in name order. Where a child stands is
 * worked out from the answers, not kept, so the ask's children are read on in name order, several pages' worth at a
 * time, until the page is full: at most the ask's children for a page, 2,000 for a whole school.
 */
async function waitingPage(
  ctx: DomainContext, ask: AskRow, purpose: PurposeRow, keepsRestricted: boolean, day: string, page: { limit: number, after?: [string, string] }
) {
  const found: { child: ChildName & { nameKey: string }, state: Awaited<ReturnType<typeof answersOfChildren>>[number] }[] = []
  // Read ahead four pages' worth at a time: where a child stands costs little more for 200 children than for 50, and
  // each read is a round trip (a page of 50 waiting in an ask half answered takes one read, not two or three).
  const chunk = Math.min(1000, Math.max(200, page.limit * 4))
  let after = page.after
  for (;;) {
    const rows = await askChildrenPage(ctx, ask.id, keepsRestricted, { limit: chunk, after })
    const batch = rows.slice(0, chunk)
    const states = await answersOfChildren(ctx, ask, purpose, batch.map(row => row.id), day)
    found.push(...batch.map((child, i) => ({ child, state: states[i]! })).filter(({ state }) => state.status === 'not_yet'))
    if (found.length > page.limit || rows.length <= chunk) break
    after = [batch.at(-1)!.nameKey, batch.at(-1)!.id]
  }
  const shown = found.slice(0, page.limit)
  const items = await itemsOf(ctx, shown.map(({ child }) => child), shown.map(({ state }) => state))
  const restricted = await restrictedMarks(ctx, keepsRestricted, items.map(item => item.child))
  const last = shown.at(-1)?.child
  return {
    items: items.map(item => ({ ...item, restricted: restricted.has(item.child.id) })),
    next: found.length > page.limit && last ? [last.nameKey, last.id] as [string, string] : null
  }
}

/** Which of the listed children are under restriction today, for a caller who sees them marked (none for anyone else: they were left out). */
async function restrictedMarks(ctx: ReadContext, keepsRestricted: boolean, children: readonly { id: string }[]) {
  return keepsRestricted ? childrenUnderRestriction(ctx, children.map(child => child.id), todayInZone(ctx.school.timeZone)) : new Set<string>()
}

/**
 * For an excursion: the ask's children in a class on the day, in name order, each with their consent; the whole
 * list, to print. A child under restriction today is listed, marked, to a caller holding `restricted.read` and
 * left out for anyone else (`office_list`, as the class list itself); today, whatever the list's day, so no day
 * tells more than today's lists do. Another day than today needs `restricted.read` (assertDayReadable).
 */
export async function askClassList(ctx: DomainContext, askId: string, classCode: string, day: string) {
  assertDayReadable(ctx, day)
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  const [found] = await ctx.database.db.select({ id: classes.id, code: classes.code, title: classes.title }).from(classes)
    .where(and(eq(classes.schoolId, ctx.school.id), eq(classes.code, classCode)))
  if (!found) throw domainError('not_found', ['No class with this code.'])
  const keepsRestricted = listsRestrictedChildren(ctx, 'office_list')
  const inAsk = new Set(await childIdsOfAsk(ctx, ask.id))
  const members = await ctx.database.db.selectDistinct(childColumns).from(classMembers).innerJoin(people, eq(people.id, classMembers.personId))
    .where(and(
      eq(classMembers.schoolId, ctx.school.id), eq(classMembers.classId, found.id), inForceOn(classMembers, day),
      keepsRestricted ? undefined : not(underRestriction(ctx.database.db, classMembers.personId, todayInZone(ctx.school.timeZone)))
    ))
  const children = members.filter(child => inAsk.has(child.id)).sort(compareByName)
  const restricted = await restrictedMarks(ctx, keepsRestricted, children)
  return {
    ask: askView(ask, purpose, todayInZone(ctx.school.timeZone)),
    class: { code: found.code, title: found.title },
    day,
    children: (await answerItems(ctx, ask, purpose, children, day)).map(item =>
      ({ child: item.child, status: item.status, restricted: restricted.has(item.child.id) }))
  }
}
