import { affiliations, billingResponsibilities, parentalResponsibilities, people, allCharges, type AffiliationKind } from '../../../../db/schema'
import type { Db } from '../../../../db/client'
import { bulkInsert } from '../../../../db/bulk-insert'
import type { ChangeLog } from '../../shared/write-changes'
import { newId } from '../../shared/ids'
import { personRow, type NewPerson } from '../../people/person-record'
import { affiliationRow } from '../../affiliations/open-affiliation'
import { shareTotalProblems, shareTotalSentence } from '../../billing/share-totals'
import { wholeBasisPoints } from '../../../../shared/basis-points'

type PersonRow = typeof people.$inferInsert
type AffiliationRow = typeof affiliations.$inferInsert
type ResponsibilityRow = typeof parentalResponsibilities.$inferInsert
type BillingRow = typeof billingResponsibilities.$inferInsert

/**
 * The demo's bulk rows, gathered in memory and written by bulkInsert, each announced in the outbox.
 * Thousands of rows one write at a time would take the bench's PostgreSQL school minutes, and drizzle's own
 * multi-row inserts most of a second of the process's time per thousand rows (a district's hundred schools, minutes); people and
 * spans are built by the domain's own row builders, and the billing rows still pass the share rule
 * before they are written.
 */
export class DemoBatch {
  readonly people: PersonRow[] = []
  readonly affiliations: AffiliationRow[] = []
  readonly responsibilities: ResponsibilityRow[] = []
  readonly billing: BillingRow[] = []
  constructor(readonly schoolId: string, readonly now: string) {}

  /** A person as `insertPerson` makes one; `deletedAt` for the few the demo shows as deleted. */
  person(familyName: string, givenNames: string, extra: Omit<NewPerson, 'familyName' | 'givenNames'> & { deletedAt?: string } = {}): string {
    const { deletedAt = null, ...details } = extra
    const row = { ...personRow(this.schoolId, { familyName, givenNames, ...details }, this.now), deletedAt }
    this.people.push(row)
    return row.id
  }

  /** A span as `insertAffiliation` stores one, without its checks: the demo makes no overlapping spans. */
  span(
    personId: string, kind: AffiliationKind, validFrom: string, validTo: string | null = null,
    placement: { yearLevel?: string, campusId?: string | null } = {}
  ): string {
    const row = affiliationRow(this.schoolId, { personId, kind, validFrom, validTo, ...placement }, this.now)
    this.affiliations.push(row)
    return row.id
  }

  parentalResponsibility(adultId: string, childId: string, relationship: string | null, validFrom: string) {
    this.responsibilities.push({ id: newId('par'), schoolId: this.schoolId, adultId, childId, relationship, validFrom, validTo: null, createdAt: this.now })
  }

  /** Who pays everything (`all`) for a student from a day: the payers' shares total 10000. */
  paysAll(studentId: string, validFrom: string, shares: [string, number][]) {
    const rows = shares.map(([payerId, share]) => ({
      id: newId('bil'), schoolId: this.schoolId, studentId, payerId, category: allCharges, share, validFrom, validTo: null, createdAt: this.now
    }))
    const problems = shareTotalProblems(rows)
    if (problems.length || rows.length === 0) {
      throw new Error(problems.map(shareTotalSentence).join(' ') || `No payer for ${studentId}; shares must total ${wholeBasisPoints}.`)
    }
    this.billing.push(...rows)
  }

  async write(tx: Db, changes: ChangeLog) {
    await bulkInsert(tx, people, this.people)
    await bulkInsert(tx, affiliations, this.affiliations)
    await bulkInsert(tx, parentalResponsibilities, this.responsibilities)
    await bulkInsert(tx, billingResponsibilities, this.billing)
    for (const person of this.people) changes.record('person.created', 'people', person.id)
    for (const span of this.affiliations) changes.record('affiliation.created', 'affiliations', span.id)
    for (const studentId of new Set(this.billing.map(row => row.studentId))) changes.record('billing.updated', 'people', studentId)
  }
}
