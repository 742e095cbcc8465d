import { and, asc, count, eq, gt, inArray, isNotNull, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm'
import {
  absences, activity, consentAskChildren, consentAskReminders, consentAsks, consents, dataReceipts, messageRecipients, messageVersions,
  messages, notificationDeliveries, onerosterReceipts, syncRunChanges, syncRuns, unexplainedAbsences, webhookDeliveries
} from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { RetentionRecordClass } from '../../../shared/vocabulary'
import { removeAbsenceDocument } from '../absences/absence-documents'

/**
 * The classes of record that are not people (docs/retention.md, "The sweep"): each counts its records whose trigger is
 * before a day, and deletes (or, for signed receipts, clears) a batch of them in the caller's transaction. A batch is
 * small enough that one transaction holds the write lock well under 100 ms on a 100,000-person school: a record with many
 * rows under it (a message and its recipients, a sync run and its changes) makes a smaller batch.
 */
export interface RecordClassStore {
  /** How many of the school's records are due: their trigger falls before `before` (a day, exclusive). */
  countBefore(db: Db, schoolId: string, before: string): Promise<number>
  /** Removes up to one batch of them inside `tx`; the number removed, 0 once none is left. */
  removeBatch(tx: Db, schoolId: string, before: string): Promise<number>
  /**
   * Removes the stored files of the records due (absences' documents), before any of them is deleted and outside any
   * transaction: a store that fails throws, and the records wait for the next night with their files (never records
   * gone and files left that nothing names).
   */
  removeFiles?(db: Db, schoolId: string, before: string): Promise<void>
}

/** Records per batch by default: 200 (docs/retention.md, "The write lock": measured at 100,000 people, p99 about 50 ms). */
export const retentionBatchSize = 200

const countOf = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0)

/** The ids of one batch, read in the transaction that deletes them, oldest first. */
async function batchIds(tx: Db, table: typeof syncRuns | typeof webhookDeliveries | typeof messages | typeof absences | typeof activity,
  where: SQL | undefined, size: number): Promise<string[]> {
  const rows = await tx.select({ id: table.id }).from(table).where(where).limit(size)
  return rows.map(row => String(row.id))
}

const syncRunsDue = (schoolId: string, before: string) => and(
  eq(syncRuns.schoolId, schoolId), lt(syncRuns.createdAt, before), notInArray(syncRuns.status, ['queued', 'applying', 'paused'])
)
// Pending deliveries are still being worked by the webhook queue; only settled ones go.
const deliveriesDue = (schoolId: string, before: string) => and(
  eq(webhookDeliveries.schoolId, schoolId), lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending')
)
const messagesDue = (schoolId: string, before: string) => and(eq(messages.schoolId, schoolId), lt(messages.createdAt, before))
const asksDue = (schoolId: string, before: string) => and(eq(consentAsks.schoolId, schoolId), lt(consentAsks.closesOn, before))
const absencesDue = (schoolId: string, before: string) => and(eq(absences.schoolId, schoolId), lt(absences.reportedAt, before))
const activityDue = (schoolId: string, before: string) => and(eq(activity.schoolId, schoolId), lt(activity.at, before))

/** A signed answer's signature (the name typed, account, address, browser) on an ask that closed before `before`. */
const signaturesDue = (schoolId: string, before: string) => and(
  eq(consents.schoolId, schoolId), isNotNull(consents.signedName),
  inArray(consents.askId, sql`(select ${consentAsks.id} from ${consentAsks} where ${asksDue(schoolId, before)})`)
)

export const recordClassStores: Partial<Record<RetentionRecordClass, RecordClassStore>> = {
  sync_runs: {
    countBefore: (db, schoolId, before) => countOf(db.select({ n: count() }).from(syncRuns).where(syncRunsDue(schoolId, before))),
    // A run holds one change per person it touched: ten runs is up to a few thousand rows.
    async removeBatch(tx, schoolId, before) {
      const ids = await batchIds(tx, syncRuns, syncRunsDue(schoolId, before), 10)
      if (!ids.length) return 0
      await tx.delete(syncRunChanges).where(inArray(syncRunChanges.runId, ids))
      await tx.delete(syncRuns).where(inArray(syncRuns.id, ids))
      return ids.length
    }
  },
  webhook_deliveries: {
    countBefore: (db, schoolId, before) => countOf(db.select({ n: count() }).from(webhookDeliveries).where(deliveriesDue(schoolId, before))),
    async removeBatch(tx, schoolId, before) {
      const ids = await batchIds(tx, webhookDeliveries, deliveriesDue(schoolId, before), retentionBatchSize)
      if (ids.length) await tx.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, ids))
      return ids.length
    }
  },
  messages: {
    countBefore: (db, schoolId, before) => countOf(db.select({ n: count() }).from(messages).where(messagesDue(schoolId, before))),
    // A message to the whole school has a recipient and a delivery or two per family: a few messages a batch.
    async removeBatch(tx, schoolId, before) {
      const ids = await batchIds(tx, messages, messagesDue(schoolId, before), 5)
      if (!ids.length) return 0
      await tx.update(unexplainedAbsences).set({ messageId: null }).where(inArray(unexplainedAbsences.messageId, ids))
      await tx.delete(notificationDeliveries).where(inArray(notificationDeliveries.messageId, ids))
      await tx.delete(messageRecipients).where(inArray(messageRecipients.messageId, ids))
      await tx.delete(messageVersions).where(inArray(messageVersions.messageId, ids))
      await tx.delete(messages).where(inArray(messages.id, ids))
      return ids.length
    }
  },
  closed_consents: {
    countBefore: (db, schoolId, before) => countOf(db.select({ n: count() }).from(consentAsks).where(asksDue(schoolId, before))),
    // An ask to a year group holds an answer per child: a few asks a batch.
    async removeBatch(tx, schoolId, before) {
      const ids = (await tx.select({ id: consentAsks.id }).from(consentAsks).where(asksDue(schoolId, before)).limit(5)).map(row => row.id)
      if (!ids.length) return 0
      await tx.delete(consents).where(inArray(consents.askId, ids))
      await tx.delete(consentAskReminders).where(inArray(consentAskReminders.askId, ids))
      await tx.delete(consentAskChildren).where(inArray(consentAskChildren.askId, ids))
      await tx.delete(consentAsks).where(inArray(consentAsks.id, ids))
      return ids.length
    }
  },
  absences: {
    countBefore: (db, schoolId, before) => countOf(db.select({ n: count() }).from(absences).where(absencesDue(schoolId, before))),
    async removeFiles(db, schoolId, before) {
      for (let after = ''; ;) {
        const rows = await db.select({ id: absences.id, key: absences.documentKey }).from(absences)
          .where(and(absencesDue(schoolId, before), isNotNull(absences.documentKey), gt(absences.id, after)))
          .orderBy(asc(absences.id)).limit(retentionBatchSize)
        for (const row of rows) await removeAbsenceDocument(row.key!)
        if (rows.length < retentionBatchSize) return
        after = rows.at(-1)!.id
      }
    },
    async removeBatch(tx, schoolId, before) {
      const ids = await batchIds(tx, absences, absencesDue(schoolId, before), retentionBatchSize)
      if (ids.length) await tx.delete(absences).where(inArray(absences.id, ids))
      return ids.length
    }
  },
  // The answer itself stays with its ask (closed_consents); what goes is the signature's detail: name typed, account, address, browser.
  signed_receipts: {
    countBefore: (db, schoolId, before) => countOf(db.select({ n: count() }).from(consents).where(signaturesDue(schoolId, before))),
    async removeBatch(tx, schoolId, before) {
      const ids = (await tx.select({ id: consents.id }).from(consents).where(signaturesDue(schoolId, before)).limit(retentionBatchSize))
        .map(row => row.id)
      if (ids.length) {
        await tx.update(consents).set({ signedName: null, signedAccountId: null, signedAddress: null, signedBrowser: null })
          .where(inArray(consents.id, ids))
      }
      return ids.length
    }
  },
  activity_entries: {
    countBefore: (db, schoolId, before) => countOf(db.select({ n: count() }).from(activity).where(activityDue(schoolId, before))),
    async removeBatch(tx, schoolId, before) {
      const ids = await batchIds(tx, activity, activityDue(schoolId, before), retentionBatchSize)
      if (ids.length) await tx.delete(activity).where(inArray(activity.id, ids))
      return ids.length
    }
  },
  // Receipts have no key of their own: one day of one school a batch, a row per integration, person and scopes read that day.
  data_access_receipts: {
    async countBefore(db, schoolId, before) {
      return await countOf(db.select({ n: count() }).from(dataReceipts).where(and(eq(dataReceipts.schoolId, schoolId), lt(dataReceipts.day, before))))
        + await countOf(db.select({ n: count() }).from(onerosterReceipts)
          .where(and(eq(onerosterReceipts.schoolId, schoolId), lt(onerosterReceipts.day, before))))
    },
    async removeBatch(tx, schoolId, before) {
      const [oldest] = await tx.select({ day: sql<string>`min(${dataReceipts.day})` }).from(dataReceipts)
        .where(and(eq(dataReceipts.schoolId, schoolId), lt(dataReceipts.day, before)))
      const [oldestRoster] = await tx.select({ day: sql<string>`min(${onerosterReceipts.day})` }).from(onerosterReceipts)
        .where(and(eq(onerosterReceipts.schoolId, schoolId), lt(onerosterReceipts.day, before)))
      const day = [oldest?.day, oldestRoster?.day].filter((each): each is string => !!each).sort()[0]
      if (!day) return 0
      const removed = [
        ...await tx.delete(dataReceipts).where(and(eq(dataReceipts.schoolId, schoolId), eq(dataReceipts.day, day))).returning({ day: dataReceipts.day }),
        ...await tx.delete(onerosterReceipts).where(and(eq(onerosterReceipts.schoolId, schoolId), eq(onerosterReceipts.day, day)))
          .returning({ day: onerosterReceipts.day })
      ]
      return removed.length
    }
  }
}
