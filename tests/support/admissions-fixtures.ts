import { and, eq } from 'drizzle-orm'
import { changeEvents } from '../../db/schema'
import type { TourInput } from '../../shared/schemas/tours'
import type { ApplicationInput } from '../../shared/schemas/applications'
import { createTour } from '../../server/domain/admissions/tour-records'
import { submitApplication } from '../../server/domain/admissions/submit-application'
import { acceptOffer, offerApplication } from '../../server/domain/admissions/office-steps'
import type { TestSchool } from './roles-fixtures'

const day = 86_400_000

/** A timestamp `days` from now (negative for the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * day).toISOString()

/** A tour through the office's own data function, a week ahead unless told otherwise. */
export function addTour(school: TestSchool, input: Partial<TourInput> = {}) {
  return createTour(school.context, { title: 'Open morning', startsAt: daysFromNow(7), venue: 'Library', capacity: 20, audience: 'families', ...input })
}

let serial = 0

/** An application body with people no other test sends, so no possible match stops it. */
export function applicationBody(overrides: Partial<ApplicationInput> = {}): ApplicationInput {
  serial++
  return {
    student: { familyName: `Tane${serial}`, givenNames: 'Aroha', dateOfBirth: '2019-04-02' },
    adults: [{ familyName: `Tane${serial}`, givenNames: 'Mere', email: `mere.${serial}.${Date.now()}@example.org`, relationship: 'mother' }],
    placement: { yearLevel: '1', entryYear: 2027 },
    ...overrides
  }
}

/** An application taken through the office's offer and the family's acceptance. */
export async function acceptedApplication(school: TestSchool, body = applicationBody(), offer: Parameters<typeof offerApplication>[2] = {}) {
  const application = await submitApplication(school.context, body)
  await offerApplication(school.context, application.id, offer)
  await acceptOffer(school.context, application.id)
  return application
}

/** The kinds of the change events recorded for one record, in order. */
export async function eventKinds(school: TestSchool, recordId: string) {
  const rows = await school.database.db.select({ kind: changeEvents.kind, sequence: changeEvents.sequence }).from(changeEvents)
    .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.recordId, recordId)))
  return rows.sort((a, b) => a.sequence - b.sequence).map(row => row.kind)
}
