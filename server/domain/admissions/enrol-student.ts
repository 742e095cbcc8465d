import type { EnrolmentInput } from '../../../shared/schemas/applications'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { timestampNow } from '../days/clock'
import { insertParentalResponsibility } from '../people/parental-responsibility'
import { identifyPeople } from './identify-people'
import { insertApplication } from './application-record'
import { campusNamed } from './school-campus'
import { insertApplicationEvent, loadBasisPoints, startOnRoll } from './start-on-roll'

/**
 * Enrols a child admitted elsewhere: the child is identified with the carers (DECISIONS' rule),
 * started on the roll from `startsOn`, and each carer is given parental responsibility from then.
 * It makes an application already `started`, so starters and withdrawals treat it like any other.
 */
export function enrolStudent(ctx: DomainContext, input: EnrolmentInput) {
  return writeChanges(ctx, async (tx, changes) => {
    const campus = await campusNamed(tx, ctx.school, input.campus, 'campus', true)
    const { studentId, adultIds: carerIds } = await identifyPeople(tx, changes, ctx.school, input.student, { field: 'carers', refs: input.carers })
    const affiliationId = await startOnRoll(tx, changes, ctx, studentId, input.startsOn, { yearLevel: input.yearLevel, campusId: campus?.id ?? null })
    const carers = carerIds.map((personId, i) => ({ personId, relationship: input.carers[i]!.relationship }))
    for (const carer of carers) {
      await insertParentalResponsibility(
        tx, changes, ctx.school, { adultId: carer.personId, childId: studentId, relationship: carer.relationship, validFrom: input.startsOn }
      )
    }
    const applicationId = await insertApplication(tx, ctx.school, {
      origin: 'enrolment',
      state: 'started',
      studentId,
      adults: carers,
      yearLevel: input.yearLevel,
      campusId: campus?.id ?? null,
      startsOn: input.startsOn,
      loadBasisPoints: loadBasisPoints(),
      affiliationId,
      receivedAt: timestampNow()
    })
    await insertApplicationEvent(tx, ctx, { applicationId, personId: studentId, kind: 'started', occurredOn: input.startsOn })
    changes.record('enrolment.created', 'applications', applicationId)
    return { applicationId, studentId, carerIds, startsOn: input.startsOn }
  })
}
