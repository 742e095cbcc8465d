import type { ApplicationInput } from '../../../shared/schemas/applications'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { identifyPeople } from './identify-people'
import { insertApplication } from './application-record'

/**
 * Records an application in state `submitted`, identifying the child and the adults by DECISIONS'
 * rule (identify-people.ts). The input is read with applicationInputSchema and checked with
 * applicationListProblems first, as the request pipeline does. The answer carries references only.
 */
export function submitApplication(ctx: DomainContext, input: ApplicationInput) {
  return writeChanges(ctx, async (tx, changes) => {
    const { studentId, adultIds } = await identifyPeople(tx, changes, ctx.school, input.student, { field: 'adults', refs: input.adults })
    const receivedAt = timestampNow()
    const id = await insertApplication(tx, ctx.school, {
      origin: 'application',
      state: 'submitted',
      studentId,
      adults: adultIds.map((personId, i) => ({ personId, relationship: input.adults[i]!.relationship })),
      yearLevel: input.placement.yearLevel,
      entryYear: input.placement.entryYear,
      receivedAt
    })
    changes.record('application.created', 'applications', id)
    return { id, studentId, adultIds, receivedAt }
  })
}
