import { affiliations, exitReasons } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { checkWithinAYear } from '../days/span-input'
import { closeSpan } from '../days/close-span'
import { domainError } from '../shared/domain-error'
import { refuseHeldElsewhere } from '../shared/held-elsewhere'
import { checkNoOverlap } from './open-affiliation'
import { excerpt } from '../../../shared/excerpt'

export interface AffiliationClosing {
  /** The last day the span is in force. */
  lastDay: string
  /** Student spans: why the student left (restricted), one of the school's withdrawal reasons. */
  exitReason?: { reason: string, note?: string | null }
}

/** Closes (or moves the end of) a span inside a write; the exit reason is kept apart as a restricted record. */
export async function endAffiliation(tx: Db, changes: ChangeLog, school: SchoolRef, affiliationId: string, closing: AffiliationClosing) {
  const span = await closeSpan(tx, school, affiliations, affiliationId, closing.lastDay, {
    label: 'affiliation',
    check: (row) => {
      if (row.kind === 'student') refuseHeldElsewhere(school, 'studentSpans')
    },
    checkEnd: async (row) => {
      // A staff contract may end years ahead; a student's leaving day may not (span-input.ts).
      if (row.kind === 'student') checkWithinAYear(school, closing.lastDay, 'leaving day')
      if (closing.exitReason) {
        if (row.kind !== 'student') throw domainError('unprocessable', ['Only a student span has an exit reason.'])
        if (!school.lists.withdrawalReasons.includes(closing.exitReason.reason)) {
          throw domainError(
            'unprocessable',
            [`The school does not list the reason "${excerpt(closing.exitReason.reason)}". It lists: ${school.lists.withdrawalReasons.join(', ')}.`]
          )
        }
      }
      await checkNoOverlap(tx, row.personId, row.kind, { validFrom: row.validFrom, validTo: closing.lastDay }, row.id)
    }
  })
  if (closing.exitReason) {
    const { reason, note = null } = closing.exitReason
    const recordedAt = timestampNow()
    await tx.insert(exitReasons)
      .values({ id: newId('exr'), schoolId: school.id, affiliationId: span.id, personId: span.personId, reason, note, recordedAt })
      .onConflictDoUpdate({ target: exitReasons.affiliationId, set: { reason, note, recordedAt } })
  }
  changes.record('affiliation.updated', 'affiliations', span.id)
}

/** Closes an affiliation on its last day; a student's exit reason, when given, is recorded as restricted. */
export function closeAffiliation(ctx: DomainContext, affiliationId: string, closing: AffiliationClosing): Promise<void> {
  return writeChanges(ctx, (tx, changes) => endAffiliation(tx, changes, ctx.school, affiliationId, closing))
}
