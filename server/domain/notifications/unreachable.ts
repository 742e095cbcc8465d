/**
 * Addresses and numbers that no longer reach an adult (docs/notifications.md, "Delivery"): an email
 * address whose last mail bounced, a number whose last three texts failed or bounced. Such a number is
 * given no more texts (fan-out.ts) until one gets through again or the number changes, so a dead
 * number is not texted forever; the office sees both on the adult's record and in Today, and corrects
 * the address or number there (the family, through a detail request).
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm'
import { messageRecipients, notificationDeliveries, people } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { slicesOf } from '../../../db/id-slices'
import { currentTime } from '../days/clock'
import { stoppedNumbers, textNumberOf } from './notification-choices'

/** Texts to a number stop after this many failures in a row. */
export const failuresBeforeNumberPaused = 3
/** How far back Today and the record look for failures: a number fixed since is not shown forever. */
const lookBackDays = 30

const settled = ['sent', 'delivered', 'bounced', 'failed'] as const
const sinceLookBack = () => new Date(currentTime().getTime() - lookBackDays * 86_400_000).toISOString()

/** Of `numbers` (E.164), those whose last texts at the school all failed, at least failuresBeforeNumberPaused of them. */
export async function failingNumbers(database: Database, schoolId: string, numbers: readonly string[]): Promise<Set<string>> {
  const failing = new Set<string>()
  const d = notificationDeliveries
  for (const slice of slicesOf([...new Set(numbers)])) {
    const rows = await database.db.select({ target: d.target, status: d.status }).from(d)
      .where(and(eq(d.schoolId, schoolId), eq(d.channel, 'sms'), inArray(d.target, slice), inArray(d.status, [...settled]), gte(d.createdAt, sinceLookBack())))
      .orderBy(d.target, desc(d.createdAt), desc(d.id))
    // Newest first: a number's failures in a row count until its first text that got through.
    const streaks = new Map<string, { failures: number, ended: boolean }>()
    for (const row of rows) {
      const streak = streaks.get(row.target) ?? { failures: 0, ended: false }
      if (!streak.ended) {
        if (row.status === 'bounced' || row.status === 'failed') streak.failures++
        else streak.ended = true
      }
      streaks.set(row.target, streak)
    }
    for (const [target, streak] of streaks) if (streak.failures >= failuresBeforeNumberPaused) failing.add(target)
  }
  return failing
}

/** Of `adults`, those whose current address's last mail bounced. */
async function bouncedAddresses(database: Database, schoolId: string, adults: readonly { id: string, email: string | null }[]): Promise<Set<string>> {
  const bounced = new Set<string>()
  const withAddress = adults.filter(adult => adult.email)
  for (const slice of slicesOf(withAddress.map(adult => adult.id))) {
    const rows = await database.db.select({ adultId: messageRecipients.adultId, email: messageRecipients.email, status: messageRecipients.status })
      .from(messageRecipients)
      .where(and(eq(messageRecipients.schoolId, schoolId), inArray(messageRecipients.adultId, slice),
        inArray(messageRecipients.status, ['sent', 'bounced', 'failed']), gte(messageRecipients.createdAt, sinceLookBack())))
      .orderBy(messageRecipients.adultId, desc(messageRecipients.createdAt), desc(messageRecipients.id))
    const seen = new Set<string>()
    const current = new Map(withAddress.map(adult => [adult.id, adult.email]))
    for (const row of rows) {
      if (seen.has(row.adultId)) continue
      seen.add(row.adultId)
      if (row.status === 'bounced' && row.email === current.get(row.adultId)) bounced.add(row.adultId)
    }
  }
  return bounced
}

/** What no longer reaches one adult: their address bounced, their number failing. */
export async function contactProblemsOf(database: Database, schoolId: string, adult: { id: string, email: string | null, textNumber: string | null }) {
  return {
    emailBounced: (await bouncedAddresses(database, schoolId, [adult])).has(adult.id),
    textsFailing: adult.textNumber ? (await failingNumbers(database, schoolId, [adult.textNumber])).has(adult.textNumber) : false
  }
}

/**
 * Whether texts still go to each adult's phone, for the Messages screen's recipients: stopped by their STOP reply
 * (the portal's and the record's `stopped`), or failing (the record's `textsFailing`, Today's count). No number in
 * the answer: an adult whose phone is not in international form has neither.
 */
export async function textNumberStanding(database: Database, schoolId: string, adults: readonly { id: string, phone: string | null }[]) {
  const numbers = new Map(adults.flatMap((adult) => {
    const number = textNumberOf(adult.phone)
    return number ? [[adult.id, number] as const] : []
  }))
  const stopped = await stoppedNumbers(database, schoolId, [...numbers.values()])
  const failing = await failingNumbers(database, schoolId, [...numbers.values()])
  return new Map(adults.map((adult) => {
    const number = numbers.get(adult.id)
    return [adult.id, { textsStopped: number ? stopped.has(number) : false, textsFailing: number ? failing.has(number) : false }]
  }))
}

/** How many adults of the school have an address or number that no longer reaches them, for Today. */
export async function unreachableAdultCount(database: Database, schoolId: string): Promise<number> {
  const recent = sinceLookBack()
  const bouncedIds = await database.db.selectDistinct({ adultId: messageRecipients.adultId }).from(messageRecipients)
    .where(and(eq(messageRecipients.schoolId, schoolId), eq(messageRecipients.status, 'bounced'), gte(messageRecipients.createdAt, recent)))
  const failedTexts = await database.db.selectDistinct({ adultId: notificationDeliveries.adultId,
    target: notificationDeliveries.target }).from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.schoolId, schoolId), eq(notificationDeliveries.channel, 'sms'),
      inArray(notificationDeliveries.status, ['bounced', 'failed']), gte(notificationDeliveries.createdAt, recent)))
  const candidates = [...new Set([...bouncedIds.map(row => row.adultId), ...failedTexts.map(row => row.adultId)])]
  const adults: { id: string, email: string | null }[] = []
  for (const slice of slicesOf(candidates)) {
    adults.push(...await database.db.select({ id: people.id, email: people.email }).from(people).where(and(eq(people.schoolId, schoolId),
      inArray(people.id, slice))))
  }
  const bounced = await bouncedAddresses(database, schoolId, adults)
  const failing = await failingNumbers(database, schoolId, failedTexts.map(row => row.target))
  return new Set([...bounced, ...failedTexts.filter(row => failing.has(row.target)).map(row => row.adultId)]).size
}
