import { and, eq, gte, lt } from 'drizzle-orm'
import { billingResponsibilities } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { addDays, isDay } from '../days/calendar'
import { closeSpan, endSpan } from '../days/close-span'
import { notEndedBefore } from '../days/in-force'
import { requirePerson } from '../people/require-person'
import { domainError } from '../shared/domain-error'
import { enforceShareTotals } from './check-share-totals'
import { wholeBasisPoints } from '../../../shared/basis-points'

export interface BillingSplit {
  /** A charge category such as `tuition`; `all` covers every category without rows of its own. */
  category: string
  /** The first day the split applies. */
  from: string
  /** Who pays what share, in basis points. Empty ends the category, which then falls back to `all`. */
  shares: { payerId: string, share: number }[]
}

const categoryPattern = /^[a-z][a-z0-9_]{0,63}$/

function checkSplit(split: BillingSplit) {
  const problems: string[] = []
  if (!categoryPattern.test(split.category)) problems.push(`"${split.category}" is not a charge category: use lower-case letters, digits and _.`)
  if (!isDay(split.from)) problems.push(`"${split.from}" is not a day (YYYY-MM-DD).`)
  const payers = new Set<string>()
  for (const { payerId, share } of split.shares) {
    if (!Number.isInteger(share) || share < 1 || share > wholeBasisPoints) {
      problems.push(`A share is a whole number of basis points from 1 to ${wholeBasisPoints}; ${payerId} has ${share}.`)
    }
    if (payers.has(payerId)) problems.push(`${payerId} is named twice in category "${split.category}".`)
    payers.add(payerId)
  }
  if (problems.length) throw domainError('unprocessable', problems)
}

/**
 * Sets who pays a category of a student's charges from a day, inside a write. The category's rows
 * still in force then end the day before (rows that had not begun by then are withdrawn, as they
 * never applied), the new rows open from the day, and the open shares must then total 10000.
 */
export async function applyBillingSplit(tx: Db, changes: ChangeLog, school: SchoolRef, studentId: string, split: BillingSplit) {
  checkSplit(split)
  await requirePerson(tx, school, studentId, 'student')
  for (const { payerId } of split.shares) await requirePerson(tx, school, payerId, 'payer')
  // Every row of the category still in force on or after the day gives way, closed rows included, so no day is paid twice.
  const ofCategory = and(
    eq(billingResponsibilities.studentId, studentId),
    eq(billingResponsibilities.category, split.category),
    notEndedBefore(billingResponsibilities, split.from)
  )
  await tx.delete(billingResponsibilities).where(and(ofCategory, gte(billingResponsibilities.validFrom, split.from)))
  const begun = await tx.select({ id: billingResponsibilities.id, validFrom: billingResponsibilities.validFrom }).from(billingResponsibilities)
    .where(and(ofCategory, lt(billingResponsibilities.validFrom, split.from)))
  for (const row of begun) await endSpan(tx, billingResponsibilities, row, addDays(split.from, -1))
  if (split.shares.length) {
    const createdAt = timestampNow()
    await tx.insert(billingResponsibilities).values(split.shares.map(({ payerId, share }) => ({
      id: newId('bil'), schoolId: school.id, studentId, payerId, category: split.category, share, validFrom: split.from, validTo: null, createdAt
    })))
  }
  await enforceShareTotals(tx, studentId, [split.category])
  changes.record('billing.updated', 'people', studentId)
}

/** Sets who pays a category of a student's charges from a day; see applyBillingSplit. */
export function setBillingSplit(ctx: DomainContext, studentId: string, split: BillingSplit): Promise<void> {
  return writeChanges(ctx, (tx, changes) => applyBillingSplit(tx, changes, ctx.school, studentId, split))
}

/**
 * Ends one payer's row on its last day. Refused unless the category's open shares still total
 * 10000 afterwards, which in practice means ending the last open row of a category.
 */
export function closeBillingResponsibility(ctx: DomainContext, responsibilityId: string, lastDay: string): Promise<void> {
  return writeChanges(ctx, async (tx, changes) => {
    const row = await closeSpan(tx, ctx.school, billingResponsibilities, responsibilityId, lastDay, { label: 'billing responsibility' })
    await enforceShareTotals(tx, row.studentId, [row.category])
    changes.record('billing.updated', 'people', row.studentId)
  })
}
