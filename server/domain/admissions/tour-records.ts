import { and, eq } from 'drizzle-orm'
import { tours } from '../../../db/schema'
import type { Db } from '../../../db/client'
import { tourChangesSchema, tourInputSchema, type TourChanges, type TourInput } from '../../../shared/schemas/tours'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges } from '../shared/write-changes'
import { domainError, parseInput, validationFailed } from '../shared/domain-error'
import { schoolListProblem } from '../schools/school-list-problems'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { campusNamed } from './school-campus'

export type TourRow = typeof tours.$inferSelect

/** The school's tour with this id, read inside a write; `not_found` for a missing one or another school's. */
export async function requireTour(tx: Db, school: SchoolRef, tourId: string): Promise<TourRow> {
  const [row] = await tx.select().from(tours).where(and(eq(tours.schoolId, school.id), eq(tours.id, tourId)))
  if (!row) throw domainError('not_found', [`No tour with the id ${tourId}.`])
  return row
}

function checkAudience(school: SchoolRef, audience: string | undefined) {
  const problems = schoolListProblem(school.lists, 'audiences', audience, 'audience')
  if (problems.length) throw validationFailed(problems)
}

/** Creates a tour; at a school with more than one campus it names its campus. */
export async function createTour(ctx: DomainContext, input: TourInput): Promise<string> {
  const tour = parseInput(tourInputSchema, input)
  checkAudience(ctx.school, tour.audience)
  return writeChanges(ctx, async (tx, changes) => {
    const campus = await campusNamed(tx, ctx.school, tour.campus, 'campus', true)
    const id = newId('tou')
    const now = timestampNow()
    await tx.insert(tours).values({
      id,
      schoolId: ctx.school.id,
      title: tour.title,
      startsAt: new Date(tour.startsAt).toISOString(),
      venue: tour.venue,
      capacity: tour.capacity,
      booked: 0,
      campusId: campus?.id ?? null,
      audience: tour.audience,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now
    })
    changes.record('tour.created', 'tours', id)
    return id
  })
}

/** Changes a tour that is not cancelled; its capacity cannot fall below the places already booked. */
export async function editTour(ctx: DomainContext, tourId: string, input: TourChanges): Promise<void> {
  const edit = parseInput(tourChangesSchema, input)
  if (edit.audience !== undefined) checkAudience(ctx.school, edit.audience)
  return writeChanges(ctx, async (tx, changes) => {
    const tour = await requireTour(tx, ctx.school, tourId)
    if (tour.cancelledAt) throw domainError('unprocessable', ['The tour is cancelled; a cancelled tour cannot be changed.'])
    if (edit.capacity !== undefined && edit.capacity < tour.booked) {
      throw domainError('unprocessable', [`The tour has ${tour.booked} places booked, more than a capacity of ${edit.capacity}.`])
    }
    const campus = edit.campus !== undefined ? await campusNamed(tx, ctx.school, edit.campus, 'campus', true) : undefined
    await tx.update(tours).set({
      ...(edit.title !== undefined ? { title: edit.title } : {}),
      ...(edit.startsAt !== undefined ? { startsAt: new Date(edit.startsAt).toISOString() } : {}),
      ...(edit.venue !== undefined ? { venue: edit.venue } : {}),
      ...(edit.capacity !== undefined ? { capacity: edit.capacity } : {}),
      ...(edit.audience !== undefined ? { audience: edit.audience } : {}),
      ...(campus !== undefined ? { campusId: campus?.id ?? null } : {}),
      updatedAt: timestampNow()
    }).where(eq(tours.id, tour.id))
    changes.record('tour.updated', 'tours', tour.id)
  })
}

/** Cancels a tour: it is no longer listed or bookable; its bookings stay on record. */
export function cancelTour(ctx: DomainContext, tourId: string): Promise<void> {
  return writeChanges(ctx, async (tx, changes) => {
    const tour = await requireTour(tx, ctx.school, tourId)
    if (tour.cancelledAt) throw domainError('unprocessable', ['The tour is already cancelled.'])
    const now = timestampNow()
    await tx.update(tours).set({ cancelledAt: now, updatedAt: now }).where(eq(tours.id, tour.id))
    changes.record('tour.updated', 'tours', tour.id)
  })
}
