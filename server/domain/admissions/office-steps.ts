import { eq } from 'drizzle-orm'
import { applications, type ApplicationState } from '../../../db/schema'
import { offerInputSchema, type OfferInput } from '../../../shared/schemas/applications'
import type { DomainContext } from '../shared/context'
import { writeChanges } from '../shared/write-changes'
import { domainError, parseInput } from '../shared/domain-error'
import { recordedActor } from '../shared/actor'
import { timestampNow, todayInZone } from '../days/clock'
import { requireApplication, type ApplicationRow } from './application-record'
import { campusNamed } from './school-campus'
import { noticeApplicationStep } from './application-notice'

/** Refuses a step taken out of order, naming the state the step needs. */
function requireState(application: ApplicationRow, needed: ApplicationState, step: string) {
  if (application.state !== needed) {
    throw domainError('unprocessable', [`To ${step}, the application must be ${needed}; it is ${application.state}.`])
  }
}

/**
 * The office offers a place: `submitted` → `offered`, from a first day on the roll (default the
 * first of January of the entry year, or today once that has passed) and, optionally, at a campus.
 * The application's adults are told once it has committed (noticeApplicationStep), as after every step here.
 */
export async function offerApplication(ctx: DomainContext, applicationId: string, input: OfferInput = {}) {
  const offer = parseInput(offerInputSchema, input)
  const offered = await writeChanges(ctx, async (tx, changes) => {
    const application = await requireApplication(tx, ctx.school, applicationId)
    requireState(application, 'submitted', 'make an offer')
    const campus = await campusNamed(tx, ctx.school, offer.campus, 'campus', false)
    const today = todayInZone(ctx.school.timeZone)
    const yearStart = application.entryYear ? `${application.entryYear}-01-01` : today
    const now = timestampNow()
    const changed = {
      state: 'offered' as const,
      startsOn: offer.startsOn ?? (yearStart > today ? yearStart : today),
      campusId: campus?.id ?? null,
      offeredAt: now,
      offeredBy: recordedActor(ctx.actor),
      updatedAt: now
    }
    await tx.update(applications).set(changed).where(eq(applications.id, application.id))
    changes.record('application.updated', 'applications', application.id)
    return { ...application, ...changed }
  })
  await noticeApplicationStep(ctx, applicationId)
  return offered
}

/** Records the family's answer to an offer: `offered` → `accepted` or `declined`, with who recorded it and when. */
async function answerOffer(ctx: DomainContext, applicationId: string, answer: 'accepted' | 'declined') {
  const answered = await writeChanges(ctx, async (tx, changes) => {
    const application = await requireApplication(tx, ctx.school, applicationId)
    requireState(application, 'offered', answer === 'accepted' ? 'accept an offer' : 'decline an offer')
    const now = timestampNow()
    const changed = { state: answer, answeredAt: now, answeredBy: recordedActor(ctx.actor), updatedAt: now }
    await tx.update(applications).set(changed).where(eq(applications.id, application.id))
    changes.record('application.updated', 'applications', application.id)
    return { ...application, ...changed }
  })
  await noticeApplicationStep(ctx, applicationId)
  return answered
}

export function acceptOffer(ctx: DomainContext, applicationId: string) {
  return answerOffer(ctx, applicationId, 'accepted')
}

export function declineOffer(ctx: DomainContext, applicationId: string) {
  return answerOffer(ctx, applicationId, 'declined')
}
