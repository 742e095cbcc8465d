import { eq } from 'drizzle-orm'
import { applications, type ApplicationState } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { ApplicationEventInput } from '../../../shared/schemas/applications'
import type { DomainContext } from '../shared/context'
import { writeChanges, type ChangeLog } from '../shared/write-changes'
import { domainError } from '../shared/domain-error'
import { timestampNow } from '../days/clock'
import { checkWithinAYear } from '../days/span-input'
import { endAffiliation } from '../affiliations/close-affiliation'
import { requireApplication, type ApplicationRow } from './application-record'
import { campusNamed } from './school-campus'
import { insertApplicationEvent, loadBasisPoints, startOnRoll } from './start-on-roll'
import { noticeApplicationStep } from './application-notice'

type StartedInput = Extract<ApplicationEventInput, { kind: 'started' }>
type WithdrawnInput = Extract<ApplicationEventInput, { kind: 'withdrawn' }>

/** Why a child cannot start on an application in this state: the step that is missing. */
const missingStep: Partial<Record<ApplicationState, string>> = {
  submitted: 'The child cannot start: the application has no offer yet. Missing step: the office\'s offer, then the family\'s acceptance of it.',
  offered: 'The child cannot start: the family has not accepted the offer. Missing step: the family\'s acceptance of the offer.',
  declined: 'The child cannot start: the family declined the offer. A start needs an accepted offer.',
  withdrawn: 'The child cannot start: the application was withdrawn. A start needs an accepted offer.'
}

async function recordStart(tx: Db, changes: ChangeLog, ctx: DomainContext, application: ApplicationRow, input: StartedInput) {
  if (application.state === 'started' || application.state === 'left') {
    throw domainError('conflict', [`The child already started on this application, on ${application.startsOn}.`])
  }
  if (application.state !== 'accepted') throw domainError('unprocessable', [missingStep[application.state]!])
  const placement = input.placement ?? {}
  // A campus decided with the offer stands unless the start names another.
  const campus = placement.campus !== undefined || !application.campusId
    ? await campusNamed(tx, ctx.school, placement.campus, 'placement.campus', true)
    : { id: application.campusId }
  const yearLevel = placement.yearLevel ?? application.yearLevel
  const affiliationId = await startOnRoll(tx, changes, ctx, application.studentId, input.occurredOn, { yearLevel, campusId: campus?.id ?? null })
  await tx.update(applications).set({
    state: 'started', startsOn: input.occurredOn, yearLevel, campusId: campus?.id ?? null,
    loadBasisPoints: loadBasisPoints(placement.load), affiliationId, updatedAt: timestampNow()
  }).where(eq(applications.id, application.id))
}

/**
 * Withdraws an application. A child who started leaves the roll: the span's last day is
 * `occurredOn` and the reason is kept as their exit reason (restricted), and the application is
 * `left`; one that never started is closed as `withdrawn`.
 */
async function recordWithdrawal(tx: Db, changes: ChangeLog, ctx: DomainContext, application: ApplicationRow, input: WithdrawnInput) {
  if (application.state === 'left' || application.state === 'withdrawn') {
    throw domainError('unprocessable', [`The application is already ${application.state}.`])
  }
  checkWithinAYear(ctx.school, input.occurredOn, 'withdrawal day')
  if (application.state === 'started') {
    await endAffiliation(tx, changes, ctx.school, application.affiliationId!, { lastDay: input.occurredOn, exitReason: { reason: input.reason } })
  }
  await tx.update(applications).set({ state: application.state === 'started' ? 'left' : 'withdrawn', updatedAt: timestampNow() })
    .where(eq(applications.id, application.id))
}

/**
 * Records that the child of an application started or was withdrawn (DECISIONS' application events);
 * the application's adults are told once it has committed (noticeApplicationStep).
 */
export async function recordApplicationEvent(ctx: DomainContext, applicationId: string, input: ApplicationEventInput) {
  const receipt = await writeChanges(ctx, async (tx, changes) => {
    const application = await requireApplication(tx, ctx.school, applicationId)
    if (input.kind === 'started') await recordStart(tx, changes, ctx, application, input)
    else await recordWithdrawal(tx, changes, ctx, application, input)
    changes.record('application.updated', 'applications', application.id)
    return insertApplicationEvent(tx, ctx, {
      applicationId: application.id, personId: application.studentId, kind: input.kind, occurredOn: input.occurredOn,
      reason: input.kind === 'withdrawn' ? input.reason : undefined
    })
  })
  await noticeApplicationStep(ctx, applicationId)
  return receipt
}
