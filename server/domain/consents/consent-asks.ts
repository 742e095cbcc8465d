import { and, asc, count, desc, eq, exists, inArray, not } from 'drizzle-orm'
import { classes, classMembers, consentAskChildren, consentAsks, consentPurposes, people } from '../../../db/schema'
import { bulkInsert } from '../../../db/bulk-insert'
import type { ConsentAnsweredBy, ConsentLasting } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { inForceOn } from '../days/in-force'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { assertCapability } from '../access/access'
import { childrenUnderRestriction, listsRestrictedChildren, underRestriction } from '../access/withholding'
import { audienceUnknown, reachOf, resolveGroups } from '../messages/audience'
import { answersOfChildren, askTally, askWithPurpose, childIdsOfAsk } from './ask-answers'
import { compareByName } from '../people/name-key'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type AskRow = typeof consentAsks.$inferSelect
type PurposeRow = typeof consentPurposes.$inferSelect

const purposeView = (row: PurposeRow) => ({ id: row.id, name: row.name, aboutNamedThing: row.aboutNamedThing === 'yes', lasting: row.lasting })

/** The school's consent purposes by name. */
export async function listConsentPurposes(ctx: ReadContext) {
  const rows = await ctx.database.db.select().from(consentPurposes).where(eq(consentPurposes.schoolId, ctx.school.id)).orderBy(asc(consentPurposes.name), asc(consentPurposes.id))
  return { items: rows.map(purposeView) }
}

/** Adds a consent purpose; `conflict` when the school has one of that name. */
export async function createConsentPurpose(ctx: DomainContext, input: { name: string, aboutNamedThing: boolean, lasting: ConsentLasting }) {
  return writeChanges(ctx, async (tx, changes) => {
    const [same] = await tx.select({ id: consentPurposes.id }).from(consentPurposes).where(and(eq(consentPurposes.schoolId, ctx.school.id), eq(consentPurposes.name, input.name)))
    if (same) throw domainError('conflict', [`The school already has a consent purpose named ${input.name}.`])
    const at = timestampNow()
    const row = { id: newId('cpp'), schoolId: ctx.school.id, name: input.name, aboutNamedThing: input.aboutNamedThing ? 'yes' as const : 'no' as const, lasting: input.lasting, createdAt: at, updatedAt: at }
    await tx.insert(consentPurposes).values(row)
    changes.record('consent_purpose.created', 'consent_purposes', row.id)
    return purposeView(row)
  })
}

/** Whether the ask takes answers today: open, and its closing day not past. */
export function askIsOpen(ask: Pick<AskRow, 'status' | 'closesOn'>, today: string): boolean {
  return ask.status === 'open' && ask.closesOn >= today
}

function askView(ask: AskRow, purpose: PurposeRow, today: string) {
  return {
    id: ask.id,
    purpose: purposeView(purpose),
    subject: ask.subject,
    audience: JSON.parse(ask.audience) as string[],
    closesOn: ask.closesOn,
    occasionOn: ask.occasionOn,
    answeredBy: ask.answeredBy,
    status: ask.status,
    open: askIsOpen(ask, today),
    createdAt: ask.createdAt
  }
}

export interface ConsentAskInput {
  purposeId: string
  subject?: string | null
  audience: string[]
  closesOn: string
  occasionOn?: string | null
  answeredBy: ConsentAnsweredBy
}

/**
 * Asks the audience's families for consent: `subject_required` when the purpose is about a named thing
 * and none is named, `audience_unknown` naming each group nothing answers, `audience_empty` when no
 * child of the audience has an adult with `consents` standing today. The ask is for the audience's
 * children today, written with them in one write.
 */
export async function createConsentAsk(ctx: DomainContext, input: ConsentAskInput) {
  const today = todayInZone(ctx.school.timeZone)
  const [purpose] = await ctx.database.db.select().from(consentPurposes).where(and(eq(consentPurposes.schoolId, ctx.school.id), eq(consentPurposes.id, input.purposeId)))
  if (!purpose) throw validationFailed([{ path: 'purposeId', message: 'The school has no consent purpose with this id.' }])
  const subject = input.subject?.trim() || null
  if (purpose.aboutNamedThing === 'yes' && !subject) throw domainError('subject_required', [`${purpose.name} is about a named thing: name it as the ask's subject (the excursion, the activity).`])
  if (input.closesOn < today) throw validationFailed([{ path: 'closesOn', message: 'The closing day has passed.' }])
  const resolved = await resolveGroups(ctx, input.audience, today)
  if (resolved.unknown.length) throw audienceUnknown(resolved.unknown)
  // A named adult's children count whatever standing says, so `audience_empty` never tells that an order or a flag withholds them (audience.ts).
  const reach = await reachOf(ctx, resolved.entries, 'consents', today, resolved.named)
  if (reach.children.size === 0 && reach.named.size === 0) throw domainError('audience_empty', ['No child of this audience has an adult who may answer for them.'])
  const childIds = resolved.entries.map(entry => entry.childId)
  return writeChanges(ctx, async (tx, changes) => {
    const at = timestampNow()
    const ask: AskRow = {
      id: newId('cak'), schoolId: ctx.school.id, purposeId: purpose.id, subject, audience: JSON.stringify(input.audience), closesOn: input.closesOn,
      occasionOn: input.occasionOn ?? null, answeredBy: input.answeredBy, status: 'open', createdAt: at, updatedAt: at
    }
    await tx.insert(consentAsks).values(ask)
    await bulkInsert(tx, consentAskChildren, childIds.map(childId => ({ askId: ask.id, childId, schoolId: ctx.school.id })))
    changes.record('consent_ask.created', 'consent_asks', ask.id)
    return { ...askView(ask, purpose, today), childCount: childIds.length }
  })
}

/**
 * Another day than today needs `restricted.read`, for every office read of answers (an ask's tally, its
 * answers, an excursion list, a child's consents): whose answers count on a day follows their standing,
 * so comparing days would tell when a court order or a flag began or ended. Asked before anything is
 * looked up, so an unknown id answers the same.
 */
function assertDayReadable(ctx: DomainContext, day: string) {
  if (day !== todayInZone(ctx.school.timeZone)) assertCapability(ctx, 'restricted.read')
}

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

/** Closes an ask early, or cancels it (its subject was cancelled): from then every answer is `ask_closed`. */
export async function changeConsentAsk(ctx: DomainContext, askId: string, change: { status?: 'closed' | 'cancelled', closesOn?: string }) {
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  return writeChanges(ctx, async (tx, changes) => {
    if (ask.status === 'cancelled' && change.status !== 'cancelled') throw domainError('unprocessable', ['This ask was cancelled: ask again instead.'])
    const updated = { ...ask, status: change.status ?? ask.status, closesOn: change.closesOn ?? ask.closesOn, updatedAt: timestampNow() }
    await tx.update(consentAsks).set({ status: updated.status, closesOn: updated.closesOn, updatedAt: updated.updatedAt }).where(eq(consentAsks.id, ask.id))
    changes.record('consent_ask.updated', 'consent_asks', ask.id)
    return askView(updated, purpose, todayInZone(ctx.school.timeZone))
  })
}

const childColumns = { id: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey }

/** Names for the adults of a page of answers. */
async function namesOf(ctx: ReadContext, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { id: string, familyName: string, givenNames: string }>()
  const rows = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, [...new Set(ids)])))
  return new Map(rows.map(row => [row.id, row]))
}

async function answerItems(ctx: ReadContext, ask: AskRow, purpose: PurposeRow, children: { id: string, familyName: string, givenNames: string }[], day: string) {
  const states = await answersOfChildren(ctx, ask, purpose, children.map(child => child.id), day)
  const names = await namesOf(ctx, states.flatMap(state => state.adults.map(adult => adult.adultId)))
  return children.map((child, i) => ({
    child: { id: child.id, familyName: child.familyName, givenNames: child.givenNames },
    status: states[i]!.status,
    adults: states[i]!.adults.map(({ adultId, ...answer }) => ({ adult: names.get(adultId)!, ...answer, enteredByStaff: answer.enteredBy !== null })).map(({ enteredBy: _enteredBy, ...rest }) => rest)
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
      .where(and(eq(consentAskChildren.schoolId, ctx.school.id), eq(consentAskChildren.askId, askId), shown, afterPosition(people.nameKey, people.id, page.after)))
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
export async function askAnswersPage(ctx: DomainContext, askId: string, day: string, page: { limit: number, after?: [string, string] }) {
  assertDayReadable(ctx, day)
  const { ask, purpose } = await askWithPurpose(ctx, askId)
  const keepsRestricted = listsRestrictedChildren(ctx, 'office_list')
  const rows = await askChildrenPage(ctx, ask.id, keepsRestricted, page)
  const slice = keysetSlice(rows, page.limit, row => row, (last): [string, string] => [last.nameKey, last.id])
  const restricted = await restrictedMarks(ctx, keepsRestricted, slice.items)
  return { items: (await answerItems(ctx, ask, purpose, slice.items, day)).map(item => ({ ...item, restricted: restricted.has(item.child.id) })), next: slice.next }
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
  const [found] = await ctx.database.db.select({ id: classes.id, code: classes.code, title: classes.title }).from(classes).where(and(eq(classes.schoolId, ctx.school.id), eq(classes.code, classCode)))
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
    children: (await answerItems(ctx, ask, purpose, children, day)).map(item => ({ child: item.child, status: item.status, restricted: restricted.has(item.child.id) }))
  }
}

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
