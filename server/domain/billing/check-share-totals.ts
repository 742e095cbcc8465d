import { and, eq, inArray, isNull } from 'drizzle-orm'
import { billingResponsibilities } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { domainError } from '../shared/domain-error'
import { shareTotalProblems, shareTotalSentence } from './share-totals'

/**
 * Reads back, inside the write, the open shares of the categories it touched and refuses the whole
 * write as `unprocessable` when any of them does not total 10000. Every billing write ends with
 * this, so the invariant holds whatever the write did.
 */
export async function enforceShareTotals(tx: Db, studentId: string, categories: readonly string[]) {
  const open = await tx.select({ category: billingResponsibilities.category, share: billingResponsibilities.share, validTo: billingResponsibilities.validTo })
    .from(billingResponsibilities)
    .where(
      and(eq(billingResponsibilities.studentId, studentId), inArray(billingResponsibilities.category, [...categories]), isNull(billingResponsibilities.validTo))
    )
  const problems = shareTotalProblems(open)
  if (problems.length) throw domainError('unprocessable', problems.map(shareTotalSentence), { data: { totals: problems } })
}
