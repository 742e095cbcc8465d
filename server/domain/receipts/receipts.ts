import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import { apiTokens, dataReceipts, onerosterClients, onerosterReceipts, people, schools } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { todayInZone } from '../days/clock'
import { addDays } from '../days/calendar'
import { scopeCatalogue, isScope } from '../access/catalogue'
import { flushReceipts } from './receipt-buffer'
import { csvBuffer } from '../shared/csv-stream'
import { compareText } from '../shared/compare-text'
import { retentionClassesIn } from '../retention/read-retention-schedule'
import { addMonthsToDay, dueBefore, retentionWindowDays } from '../retention/retention-months'

/** One day's reads of a person by one integration, named by its token's purpose. */
export interface Receipt {
  tokenId: string
  purpose: string
  day: string
  reads: number
  scopes: { name: string, words: string }[]
  lastAt: string
}

const scopesOf = (stored: string) => stored.split(' ').filter(isScope).map(name => ({ name, words: scopeCatalogue[name] }))

/**
 * The receipts of these people at the school from a day on (the whole 13 months by default), newest day
 * first. This process's counts still in memory are written first, so what it answered is there.
 */
export async function receiptsOf(
  ctx: Pick<DomainContext, 'database' | 'school'>, personIds: readonly string[], from?: string
): Promise<Map<string, Receipt[]>> {
  const found = new Map<string, Receipt[]>(personIds.map(id => [id, []]))
  if (!personIds.length) return found
  await flushReceipts(ctx.database)
  const months = (await retentionClassesIn(ctx.database.db, ctx.school.id)).find(each => each.recordClass === 'data_access_receipts')!.months
  const since = from ?? addMonthsToDay(todayInZone(ctx.school.timeZone), -months)
  const ofPeople = [...personIds]
  const [tokenRows, clientRows] = await Promise.all([
    ctx.database.db.select({
      personId: dataReceipts.personId, tokenId: dataReceipts.tokenId, purpose: apiTokens.purpose,
      day: dataReceipts.day, reads: dataReceipts.reads, scopes: dataReceipts.scopes, lastAt: dataReceipts.lastAt
    }).from(dataReceipts)
      .innerJoin(apiTokens, eq(apiTokens.id, dataReceipts.tokenId))
      .where(and(eq(dataReceipts.schoolId, ctx.school.id), inArray(dataReceipts.personId, ofPeople), gte(dataReceipts.day, since))),
    // OneRoster platforms read the roster too: named by the client's name as a token is by its purpose.
    ctx.database.db.select({
      personId: onerosterReceipts.personId, tokenId: onerosterReceipts.clientId, purpose: onerosterClients.name,
      day: onerosterReceipts.day, reads: onerosterReceipts.reads, scopes: onerosterReceipts.scopes, lastAt: onerosterReceipts.lastAt
    }).from(onerosterReceipts)
      .innerJoin(onerosterClients, eq(onerosterClients.id, onerosterReceipts.clientId))
      .where(and(eq(onerosterReceipts.schoolId, ctx.school.id), inArray(onerosterReceipts.personId, ofPeople), gte(onerosterReceipts.day, since)))
  ])
  const rows = [...tokenRows, ...clientRows]
    .sort((a, b) => compareText(b.day, a.day) || compareText(a.purpose, b.purpose) || compareText(a.scopes, b.scopes))
  for (const row of rows) found.get(row.personId)!
    .push({ tokenId: row.tokenId, purpose: row.purpose, day: row.day, reads: row.reads, scopes: scopesOf(row.scopes), lastAt: row.lastAt })
  return found
}

/** One person's receipts, for their record and a subject-access request; a person of another school is `not_found`. */
export async function receiptsOfPerson(ctx: Pick<DomainContext, 'database' | 'school'>, personId: string, from?: string): Promise<Receipt[]> {
  const [person] = await ctx.database.db.select({ id: people.id }).from(people).where(and(eq(people.id, personId), eq(people.schoolId, ctx.school.id)))
  if (!person) throw domainError('not_found', [`No person has the id ${personId}.`])
  return (await receiptsOf(ctx, [personId], from)).get(personId)!
}

/**
 * Drops receipts past each school's period for data-access receipts (Settings → Data retention, 13 months unless the
 * school keeps them longer) that have been in the retention sweep's preview fourteen days: what the sweep would erase,
 * done every ten minutes (platform:sweep) so no receipt outstays it by more than that. Counted from today in UTC: a day
 * either way does not matter at 13 months.
 */
export async function pruneReceipts(database: Database, today = new Date().toISOString().slice(0, 10)): Promise<number> {
  const seenBefore = addDays(today, -retentionWindowDays)
  let removed = 0
  for (const { id } of await database.db.select({ id: schools.id }).from(schools)) {
    const months = (await retentionClassesIn(database.db, id)).find(each => each.recordClass === 'data_access_receipts')!.months
    const before = dueBefore(seenBefore, months)
    removed += (await database.transaction(async tx => [
      ...await tx.delete(dataReceipts).where(and(eq(dataReceipts.schoolId, id), lt(dataReceipts.day, before))).returning({ day: dataReceipts.day }),
      ...await tx.delete(onerosterReceipts).where(and(eq(onerosterReceipts.schoolId, id), lt(onerosterReceipts.day, before)))
        .returning({ day: onerosterReceipts.day })
    ])).length
  }
  return removed
}

/** Days back a summary counts. */
export const receiptSummaryDays = 30

/**
 * A person's receipts as a reader takes them in: per integration (its token's purpose), the reads of
 * today and of the last 30 days, the last day it read, and what its scopes reach, most recent first.
 */
export function summariseReceipts(receipts: readonly Receipt[], today: string) {
  const since = addDays(today, -(receiptSummaryDays - 1))
  const byToken = new Map<string, { purpose: string, readsToday: number, readsLast30Days: number, lastDay: string, scopes: Map<string, string> }>()
  for (const receipt of receipts.filter(row => row.day >= since)) {
    const entry = byToken.get(receipt.tokenId) ?? { purpose: receipt.purpose, readsToday: 0, readsLast30Days: 0, lastDay: receipt.day, scopes: new Map() }
    if (receipt.day === today) entry.readsToday += receipt.reads
    entry.readsLast30Days += receipt.reads
    if (receipt.day > entry.lastDay) entry.lastDay = receipt.day
    for (const scope of receipt.scopes) entry.scopes.set(scope.name, scope.words)
    byToken.set(receipt.tokenId, entry)
  }
  return [...byToken.values()]
    .sort((a, b) => compareText(b.lastDay, a.lastDay) || compareText(a.purpose, b.purpose))
    .map(entry => ({
      purpose: entry.purpose, readsToday: entry.readsToday, readsLast30Days: entry.readsLast30Days, lastDay: entry.lastDay,
      scopes: [...entry.scopes].sort().map(([name, words]) => ({ name, words }))
    }))
}

/** A person's every receipt as a file for a subject-access request: JSON `{personId, receipts}`, or CSV a row a receipt. */
export async function receiptsFile(ctx: Pick<DomainContext, 'database' | 'school'>, personId: string, format: 'json' | 'csv'): Promise<Buffer> {
  const receipts = await receiptsOfPerson(ctx, personId)
  if (format === 'json') return Buffer.from(JSON.stringify({ personId, receipts }, null, 2))
  return csvBuffer(['day', 'integration', 'tokenId', 'reads', 'scopes', 'lastAt'], receipts.map(receipt => ({
    day: receipt.day, integration: receipt.purpose, tokenId: receipt.tokenId, reads: receipt.reads,
    scopes: receipt.scopes.map(scope => scope.name).join(' '), lastAt: receipt.lastAt
  })))
}
