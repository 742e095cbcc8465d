import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { messageRecipients, messages, messageVersions, notificationDeliveries, people } from '../../../db/schema'
import type { NoticeKind, NotificationDeliveryStatus, StandingPurpose } from '../../../shared/vocabulary'
import { emailStatusOf, otherChannelDeliveries, planNotice } from '../notifications/fan-out'
import { textNumberStanding } from '../notifications/unreachable'
import { bulkInsert } from '../../../db/bulk-insert'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { currentTime, timestampNow, todayInZone } from '../days/clock'
import { writeChanges } from '../shared/write-changes'
import { recordedActor } from '../shared/actor'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { adultsByName, audienceUnknown, reachOf, resolveGroups } from './audience'
import { leftOutOfAudience } from './left-out'
import { noticeStandingPurpose } from './recipient-standing'
import { holdsCapability } from '../access/access'
import { defaultLanguage, shippedLanguage } from '../../../shared/languages'
import { schoolLanguages } from '../schools/school-languages'
import { schoolInTransaction } from '../schools/school-settings'
import { unofferedVersionProblems, versionsOfMessages, type MessageVersion } from './message-version'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
/** The office's reads of sent messages: what they show of withheld mail depends on the caller (seesWithheld). */
type OfficeContext = Pick<DomainContext, 'database' | 'school' | 'capabilities'>

/**
 * Who an audience reaches today for the standing `purpose` (`messages` for what the office writes; a
 * notice's kind may ask another, noticeStandingPurpose): `audience_unknown` naming each group nothing
 * answers, then the adults by name, the children counted, and the adults standing leaves out as a number
 * only (never who or why: a court order is not exposed to the member of staff writing).
 *
 * An adult the audience names (`adult:<id>`) is answered for as named whatever standing says: listed,
 * with every child of theirs the audience holds, when they hold responsibility for one on the day. Were a
 * withheld named adult left out, the preview's empty list or the send's `audience_empty` would tell the
 * office, which may lack `restricted.read`, that an order or a flag keeps them from a child. Those
 * standing keeps from every child are `withheld`: written as recipients whose mail is never sent nor
 * shown in their portal (sendMessage), and so never told anything.
 */
async function reachOfAudience(ctx: ReadContext, audience: readonly string[], purpose: StandingPurpose = 'messages') {
  const day = todayInZone(ctx.school.timeZone)
  const resolved = await resolveGroups(ctx, audience, day)
  if (resolved.unknown.length) throw audienceUnknown(resolved.unknown)
  const reach = await reachOf(ctx, resolved.entries, purpose, day, resolved.named)
  const withheld = new Set([...reach.named.keys()].filter(adultId => !reach.adults.has(adultId)))
  const children = new Set([...reach.children, ...[...reach.named.values()].flat()])
  return { reach, children, withheld, adults: await adultsByName(ctx, [...reach.adults.keys(), ...withheld]) }
}

/**
 * How many of the adults prefer each language the school offers, in the shipped order: counts only, never
 * who. No preference is the school's own; a language no longer offered that someone still prefers comes last.
 */
function languageCounts(school: ReadContext['school'], adults: readonly { preferredLanguage: string | null }[]) {
  const counts = new Map(schoolLanguages(school).map(code => [code, 0]))
  for (const adult of adults) {
    const code = adult.preferredLanguage ?? defaultLanguage
    counts.set(code, (counts.get(code) ?? 0) + 1)
  }
  return [...counts].map(([language, adultCount]) => ({ language, adultCount }))
}

/**
 * What the office sees before it sends: how many adults, for how many children, by name, how many are
 * left out (leftOutOfAudience), and how many prefer each of the school's languages (languageCounts).
 */
export async function previewAudience(ctx: ReadContext, audience: readonly string[]) {
  const { reach, children, adults } = await reachOfAudience(ctx, audience)
  return {
    adultCount: adults.length,
    childCount: children.size,
    ...leftOutOfAudience(audience, reach.leftOutCount),
    languages: languageCounts(ctx.school, adults),
    adults: adults.map(adult => ({ id: adult.id, familyName: adult.familyName, givenNames: adult.givenNames, hasEmail: Boolean(adult.email) }))
  }
}

/**
 * Writes a message to its audience and queues one email per adult it reaches (docs/messages.md):
 * `audience_empty` when nobody in it may be told, and nothing is written. The message and every
 * recipient are one write; the delivery worker sends them after the answer. Each recipient keeps the
 * children it was reached through, on whom the worker asks standing again when it sends. A named adult
 * standing withholds (reachOfAudience) is queued like anyone else when they have an address, and the
 * worker, asking standing when it would send, records the mail `withheld` in its turn, so the recipients
 * list moves for them exactly as for an adult who is told (recipientAsShown); without an address they
 * are written `withheld` at once, as a told adult is `no_address` at once. Never sent nor shown in the
 * portal, and no reason kept.
 */
export async function sendMessage(
  ctx: DomainContext,
  input: { subject: string, body: string, audience: string[], askId?: string, versions?: MessageVersion[], kind?: NoticeKind, emergency?: boolean }
) {
  const versions = input.versions ?? []
  const kind = input.kind ?? (input.askId ? 'consents' : 'school')
  const emergency = input.emergency ?? false
  refuseUnofferedVersions(ctx.school, versions)
  const purpose = noticeStandingPurpose(kind)
  const { reach, children, withheld, adults } = await reachOfAudience(ctx, input.audience, purpose)
  if (adults.length === 0) throw domainError('audience_empty', [`Nobody in this audience may be told: no adult has standing for ${purpose} on its children.`])
  const plan = await planNotice(ctx.database, ctx.school.id, { kind, emergency }, adults)
  return writeChanges(ctx, async (tx, changes) => {
    // Asked again under the school's lock: a change of its languages may have committed since the request read the school.
    if (versions.length) refuseUnofferedVersions(await schoolInTransaction(tx, ctx.school.id), versions)
    const at = timestampNow()
    const message = {
      id: newId('msg'), schoolId: ctx.school.id, subject: input.subject, body: input.body, audience: JSON.stringify(input.audience), askId: input.askId ?? null,
      kind, emergency: emergency ? 1 : 0, sentBy: recordedActor(ctx.actor), adultCount: adults.length, childCount: children.size,
      leftOutCount: reach.leftOutCount, createdAt: at
    }
    await tx.insert(messages).values(message)
    if (versions.length) {
      await tx.insert(messageVersions).values(versions.map(version => ({
        id: newId('mvr'), schoolId: ctx.school.id, messageId: message.id, language: shippedLanguage(version.language)!.code,
        subject: version.subject, body: version.body, createdAt: at
      })))
    }
    const now = currentTime().getTime()
    const recipients = adults.map(adult => ({
      id: newId('mrc'), schoolId: ctx.school.id, messageId: message.id, adultId: adult.id, email: adult.email,
      childIds: JSON.stringify(reach.adults.get(adult.id) ?? reach.named.get(adult.id) ?? []),
      status: adult.email ? emailStatusOf(plan, adult.id) : withheld.has(adult.id) ? 'withheld' as const : 'no_address' as const, attempts: 0,
      nextAttemptAt: now,
      leaseOwner: null, leaseUntil: null, lastError: null, sentAt: null, readAt: null, priority: plan.priority, digestId: null, createdAt: at
    }))
    await bulkInsert(tx, messageRecipients, recipients)
    // A withheld adult's texts and pushes are queued as their mail is, and withheld by the worker in its turn (docs/messages.md, "Delivery").
    await bulkInsert(tx, notificationDeliveries, recipients.flatMap(recipient =>
      otherChannelDeliveries(plan, { schoolId: ctx.school.id, messageId: message.id, adultId: recipient.adultId, childIds: recipient.childIds, now, at })))
    changes.record('message.created', 'messages', message.id)
    return {
      id: message.id, subject: message.subject, createdAt: at, adultCount: message.adultCount, childCount: message.childCount,
      ...leftOutOfAudience(input.audience, message.leftOutCount)
    }
  })
}

/** `validation_failed` naming `versions[i].language` for each version in a language the school does not offer. */
function refuseUnofferedVersions(school: DomainContext['school'], versions: readonly MessageVersion[]) {
  const problems = unofferedVersionProblems(school, versions)
  if (problems.length) throw validationFailed(problems)
}

/**
 * Whether the caller is told which recipients standing withheld: only one holding `restricted.read`,
 * who may read whom an order or a flag keeps from a child. Anyone else is shown a withheld recipient as
 * one who was told (recipientAsShown), in the rows and in the tallies alike.
 */
const seesWithheld = (ctx: Pick<DomainContext, 'capabilities'>) => holdsCapability(ctx, 'restricted.read')

/** A withheld recipient with an address counts as sent for a caller not told of withholding, as a told adult's mail would. */
function tallyColumns(withheldShown: boolean) {
  const sent = withheldShown
    ? sql`${messageRecipients.status} = 'sent'`
    : sql`(${messageRecipients.status} = 'sent' or (${messageRecipients.status} = 'withheld' and ${messageRecipients.email} is not null))`
  return {
    sentCount: sql<number>`count(case when ${sent} then 1 end)`,
    pendingCount: sql<number>`count(case when ${messageRecipients.status} = 'pending' then 1 end)`,
    bouncedCount: sql<number>`count(case when ${messageRecipients.status} = 'bounced' then 1 end)`,
    withheldCount: withheldShown ? sql<number>`count(case when ${messageRecipients.status} = 'withheld' then 1 end)` : sql<number>`0`,
    readCount: count(messageRecipients.readAt)
  }
}

type Tally = {
  sentCount: number | string
  pendingCount: number | string
  bouncedCount: number | string
  withheldCount: number | string
  readCount: number | string
}

const tallied = (row: Tally) => ({
  sentCount: Number(row.sentCount), pendingCount: Number(row.pendingCount), bouncedCount: Number(row.bouncedCount),
  withheldCount: Number(row.withheldCount), readCount: Number(row.readCount)
})

/** A message as the office's screens show it once sent: its audience, counts (the left-out adults as leftOutOfAudience tells them) and tally. */
function sentView(message: typeof messages.$inferSelect, tally: Tally) {
  const audience = JSON.parse(message.audience) as string[]
  return {
    id: message.id, subject: message.subject, audience, createdAt: message.createdAt, emergency: message.emergency === 1,
    adultCount: message.adultCount, childCount: message.childCount, ...leftOutOfAudience(audience, message.leftOutCount), ...tallied(tally)
  }
}

/** The school's messages, newest first, with how many were sent, wait, bounced and were read. */
export async function listMessages(ctx: OfficeContext, page: { limit: number, after?: [string, string] }) {
  const rows = await ctx.database.db.select({ message: messages, ...tallyColumns(seesWithheld(ctx)) }).from(messages)
    .leftJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(and(eq(messages.schoolId, ctx.school.id), afterPosition(messages.createdAt, messages.id, page.after, 'desc')))
    .groupBy(messages.id).orderBy(desc(messages.createdAt), desc(messages.id)).limit(page.limit + 1)
  return keysetSlice(
    rows, page.limit, ({ message, ...tally }) => sentView(message, tally), (last): [string, string] => [last.message.createdAt, last.message.id]
  )
}

/** One message as the office wrote it, with its tally. */
export async function readMessage(ctx: OfficeContext, messageId: string) {
  const [row] = await ctx.database.db.select({ message: messages, ...tallyColumns(seesWithheld(ctx)) }).from(messages)
    .leftJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(and(eq(messages.schoolId, ctx.school.id), eq(messages.id, messageId))).groupBy(messages.id)
  if (!row) throw domainError('not_found', ['No message with this id.'])
  const { message, ...tally } = row
  const versions = (await versionsOfMessages(ctx.database.db, ctx.school.id, [message.id])).get(message.id) ?? []
  return { ...sentView(message, tally), body: message.body, versions }
}

type RecipientRow = Pick<typeof messageRecipients.$inferSelect, 'email' | 'status' | 'attempts' | 'lastError' | 'sentAt' | 'readAt'>

/**
 * A recipient as the office is shown it. To a caller holding `restricted.read`, a withheld mail is
 * `withheld` (never sent, so no `sentAt`), with no reason. To anyone else it is what a told adult's would
 * be: `sent` once the worker withheld it (one attempt, at the moment the worker decided, which it keeps in
 * `sentAt`), or `no_address` for an adult with none; never read, as many told adults never read theirs.
 */
function recipientAsShown<R extends RecipientRow>(row: R, withheldShown: boolean): R {
  if (row.status !== 'withheld') return row
  if (withheldShown) return { ...row, sentAt: null }
  if (!row.email) return { ...row, status: 'no_address' }
  return { ...row, status: 'sent', attempts: row.attempts + 1, lastError: null, sentAt: row.sentAt }
}

/**
 * Whom a message reached, a page in name order: each adult's delivery, their bounce, and when they read it (withheld mail as
 * recipientAsShown tells it), and whether texts still go to their number now (textNumberStanding), beside the bounced address.
 */
export async function messageRecipientsPage(ctx: OfficeContext, messageId: string, page: { limit: number, after?: [string, string] }) {
  await readMessage(ctx, messageId)
  const withheldShown = seesWithheld(ctx)
  const rows = await ctx.database.db.select({
    id: messageRecipients.id, adultId: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey,
    email: messageRecipients.email, status: messageRecipients.status, attempts: messageRecipients.attempts, lastError: messageRecipients.lastError,
    sentAt: messageRecipients.sentAt, readAt: messageRecipients.readAt, phone: people.phone
  }).from(messageRecipients).innerJoin(people, eq(people.id, messageRecipients.adultId))
    .where(and(
      eq(messageRecipients.schoolId, ctx.school.id), eq(messageRecipients.messageId, messageId),
      afterPosition(people.nameKey, messageRecipients.id, page.after)
    ))
    .orderBy(asc(people.nameKey), asc(messageRecipients.id)).limit(page.limit + 1)
  const shown = rows.slice(0, page.limit)
  const others = await otherChannelsOf(ctx, messageId, shown.map(row => row.adultId), withheldShown)
  const texts = await textNumberStanding(ctx.database, ctx.school.id, shown.map(row => ({ id: row.adultId, phone: row.phone })))
  return keysetSlice(rows, page.limit, ({ nameKey: _nameKey, phone: _phone, adultId, familyName, givenNames, ...rest }) => ({
    adult: { id: adultId, familyName, givenNames }, ...recipientAsShown(rest, withheldShown), otherChannels: others.get(adultId) ?? [],
    textsStopped: texts.get(adultId)?.textsStopped ?? false, textsFailing: texts.get(adultId)?.textsFailing ?? false
  }), (last): [string, string] => [last.nameKey, last.id])
}

/**
 * The texts and pushes of a message to each of `adultIds`, withheld ones told as recipientAsShown tells
 * a withheld mail (sent, to a caller not told of withholding). Digested ones take their digest's state.
 */
async function otherChannelsOf(ctx: OfficeContext, messageId: string, adultIds: readonly string[], withheldShown: boolean) {
  const d = notificationDeliveries
  const rows = adultIds.length
    ? await ctx.database.db.select({ adultId: d.adultId, channel: d.channel, status: d.status, lastError: d.lastError, deliveredAt: d.deliveredAt })
        .from(d).where(and(eq(d.schoolId, ctx.school.id), eq(d.messageId, messageId), inArray(d.adultId, [...adultIds]))).orderBy(asc(d.channel), asc(d.id))
    : []
  const byAdult = new Map<string, { channel: 'sms' | 'push', status: NotificationDeliveryStatus, lastError: string | null, deliveredAt: string | null }[]>()
  for (const { adultId, channel, ...row } of rows) {
    const shown = row.status === 'withheld' && !withheldShown ? { ...row, status: 'sent' as const, lastError: null } : row
    byAdult.set(adultId, [...byAdult.get(adultId) ?? [], { channel: channel as 'sms' | 'push', ...shown }])
  }
  return byAdult
}

/** The addresses the mail server refused for good, newest first: the office corrects them on the person's record. */
export async function bouncedAddresses(ctx: ReadContext) {
  const rows = await ctx.database.db.select({
    adultId: people.id, familyName: people.familyName, givenNames: people.givenNames, email: messageRecipients.email,
    lastError: messageRecipients.lastError, messageId: messageRecipients.messageId, at: messageRecipients.createdAt
  }).from(messageRecipients).innerJoin(people, eq(people.id, messageRecipients.adultId))
    .where(and(eq(messageRecipients.schoolId, ctx.school.id), eq(messageRecipients.status, 'bounced'), isNotNull(messageRecipients.email)))
    .orderBy(desc(messageRecipients.createdAt), desc(messageRecipients.id)).limit(500)
  const seen = new Set<string>()
  return {
    items: rows.filter(row => !seen.has(`${row.adultId} ${row.email}`) && seen.add(`${row.adultId} ${row.email}`))
      .map(({ adultId, familyName, givenNames, ...rest }) => ({ adult: { id: adultId, familyName, givenNames }, ...rest, email: rest.email! }))
  }
}
