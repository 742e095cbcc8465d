/**
 * Each adult's choices (docs/notifications.md, "Choices"): per kind of notice and per channel they have,
 * instant, the daily digest, or off. Nothing written is the default: email and push at once, texts at once
 * only for an adult with no email address (texts cost the school, and email reaches the others), except for
 * absences, whose texts go at once to everyone with a number. "Off"
 * holds only for a kind the school lets families turn off; for any other kind it is read as the digest,
 * so a notice the school must get through still reaches them, once a day at most. An emergency ignores all
 * of it (fan-out.ts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { notificationChoices, people, pushSubscriptions, textOptOuts } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { noticeKinds, notificationChannels, type NoticeKind, type NotificationChannel, type NotificationMode } from '../../../shared/vocabulary'
import type { NotificationChoicesInput } from '../../../shared/schemas/notifications'
import { e164Number } from '../../../shared/schemas/notifications'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { slicesOf } from '../../../db/id-slices'
import { notificationSettingsRow, optionalKindsOf, storedGateway } from './notification-settings'
import { pushEndpointHash } from './push/push-subscription'

/** What an adult can be reached on: an address, a number texts may go to, how many devices have push on. */
export interface AdultReach { email: string | null, textNumber: string | null, pushDevices: number }

export type ChannelModes = Record<NotificationChannel, NotificationMode>

/**
 * The number texts go to: the adult's phone when it is in international form, E.164 once the spaces,
 * dots, dashes and brackets people write it with are taken out (`+61 412 345 678`). A number without its
 * country code is shown to the office and the family to correct, never guessed at.
 */
export function textNumberOf(phone: string | null): string | null {
  if (!phone) return null
  const parsed = e164Number.safeParse(phone.trim().startsWith('+') ? phone.replace(/[\s.()-]/g, '') : phone)
  return parsed.success ? parsed.data : null
}

/** Kinds whose texts go at once by default even to an adult with an email address: a child missing from the register is this morning's news. */
const textedByDefault: readonly NoticeKind[] = ['absences']

function defaultMode(channel: NotificationChannel, reach: AdultReach, kind?: NoticeKind): NotificationMode {
  if (channel === 'sms') return reach.email && !(kind && textedByDefault.includes(kind)) ? 'off' : 'instant'
  return 'instant'
}

/** The mode that holds for a kind on a channel: the adult's choice or the default, "off" read as the digest for a kind families may not turn off. */
export function modeFor(
  chosen: NotificationMode | undefined, channel: NotificationChannel, reach: AdultReach, mayTurnOff: boolean, kind?: NoticeKind
): NotificationMode {
  const mode = chosen ?? defaultMode(channel, reach, kind)
  return mode === 'off' && !mayTurnOff && chosen ? 'digest' : mode
}

/** Every adult's stored choices for `kind`, in slices: adult id → channel → mode. */
async function storedChoices(database: Database, schoolId: string, adultIds: readonly string[], kind?: NoticeKind) {
  const stored = new Map<string, Map<string, NotificationMode>>()
  for (const slice of slicesOf(adultIds)) {
    const rows = await database.db.select().from(notificationChoices).where(and(
      eq(notificationChoices.schoolId, schoolId), inArray(notificationChoices.adultId, slice), kind ? eq(notificationChoices.kind, kind) : undefined
    ))
    for (const row of rows) {
      const forAdult = stored.get(row.adultId) ?? new Map<string, NotificationMode>()
      forAdult.set(`${row.kind} ${row.channel}`, row.mode)
      stored.set(row.adultId, forAdult)
    }
  }
  return stored
}

/** For a notice of `kind`: each adult's mode on every channel (fan-out.ts asks which channels they have). */
export async function modesForNotice(database: Database, schoolId: string, kind: NoticeKind, adults: readonly { id: string, reach: AdultReach }[]) {
  const settings = await notificationSettingsRow(database, schoolId)
  const mayTurnOff = optionalKindsOf(settings).includes(kind)
  const stored = await storedChoices(database, schoolId, adults.map(adult => adult.id), kind)
  return new Map(adults.map(({ id, reach }) => [id, Object.fromEntries(notificationChannels.map(channel =>
    [channel, modeFor(stored.get(id)?.get(`${kind} ${channel}`), channel, reach, mayTurnOff, kind)])) as ChannelModes]))
}

/** The numbers of `numbers` that replied STOP to this school. */
export async function stoppedNumbers(database: Database, schoolId: string, numbers: readonly string[]): Promise<Set<string>> {
  const stopped = new Set<string>()
  for (const slice of slicesOf([...new Set(numbers)])) {
    const rows = await database.db.select({ number: textOptOuts.number }).from(textOptOuts)
      .where(and(eq(textOptOuts.schoolId, schoolId), inArray(textOptOuts.number, slice)))
    for (const row of rows) stopped.add(row.number)
  }
  return stopped
}

/**
 * The adult's channels as the portal's Notifications page shows them, and each kind's mode on each (null: no such channel).
 * Each device carries its endpoint's SHA-256, never the endpoint (a capability: whoever holds it can push to the device),
 * so the page knows which is this browser without sending its subscription again.
 */
export async function readNotificationChoices(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string) {
  const { database, school } = ctx
  const [adult] = await database.db.select({ email: people.email, phone: people.phone }).from(people)
    .where(and(eq(people.schoolId, school.id), eq(people.id, adultId)))
  if (!adult) throw domainError('not_found', ['No such adult.'])
  const settings = await notificationSettingsRow(database, school.id)
  const devices = (await database.db.select({
    id: pushSubscriptions.id, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt, endpoint: pushSubscriptions.endpoint
  }).from(pushSubscriptions).where(and(eq(pushSubscriptions.schoolId, school.id), eq(pushSubscriptions.adultId, adultId)))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id)))
    .map(({ endpoint, ...device }) => ({ ...device, endpointHash: pushEndpointHash(endpoint) }))
  const textNumber = textNumberOf(adult.phone)
  const gateway = Boolean(storedGateway(settings))
  const stopped = textNumber ? (await stoppedNumbers(database, school.id, [textNumber])).has(textNumber) : false
  const reach: AdultReach = { email: adult.email, textNumber: gateway && !stopped ? textNumber : null, pushDevices: devices.length }
  const stored = (await storedChoices(database, school.id, [adultId])).get(adultId)
  const optional = optionalKindsOf(settings)
  const has: Record<NotificationChannel, boolean> = { email: Boolean(reach.email), sms: Boolean(reach.textNumber), push: reach.pushDevices > 0 }
  return {
    channels: { email: { address: adult.email }, sms: { number: adult.phone, stopped, gateway }, push: { devices } },
    kinds: noticeKinds.map((kind) => {
      const mayTurnOff = optional.includes(kind)
      const modes = Object.fromEntries(notificationChannels.map(channel =>
        [channel, has[channel] ? modeFor(stored?.get(`${kind} ${channel}`), channel, reach, mayTurnOff, kind) : null]))
      return { kind, mayTurnOff, ...modes as Record<NotificationChannel, NotificationMode | null> }
    }),
    digestTime: settings.digestTime
  }
}

/**
 * Records an adult's choices, the family's own act (the office never changes them). "Off" for a kind the
 * school does not let families turn off is `validation_failed` naming the choice. One write.
 */
export async function setNotificationChoices(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, input: NotificationChoicesInput) {
  const settings = await notificationSettingsRow(ctx.database, ctx.school.id)
  const optional = optionalKindsOf(settings)
  const problems = input.choices.flatMap((choice, index) => choice.mode === 'off' && !optional.includes(choice.kind)
    ? [{ path: `choices.${index}.mode`, message: 'The school sends this kind to every family: choose at once or the daily digest.' }]
    : [])
  if (problems.length) throw validationFailed(problems)
  const seen = new Set<string>()
  const duplicates = input.choices.flatMap((choice, index) => seen.has(`${choice.kind} ${choice.channel}`) || !seen.add(`${choice.kind} ${choice.channel}`)
    ? [{ path: `choices.${index}`, message: 'Each kind and channel once.' }]
    : [])
  if (duplicates.length) throw validationFailed(duplicates)
  const at = timestampNow()
  await ctx.database.transaction(async (tx) => {
    for (const choice of input.choices) {
      await tx.insert(notificationChoices).values({ id: newId('nch'), schoolId: ctx.school.id, adultId, ...choice, updatedAt: at })
        .onConflictDoUpdate({ target: [notificationChoices.adultId, notificationChoices.kind, notificationChoices.channel], set: { mode: choice.mode,
          updatedAt: at } })
    }
  })
  return readNotificationChoices(ctx, adultId)
}
