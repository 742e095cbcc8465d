import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, enquiries, people, tours } from '../../../../db/schema'
import { callApi } from '../../../support/api'
import { newSchool } from '../../../support/schools'
import { startBuiltServer, type RunningServer } from '../../../support/server-process'
import { addTour } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'

const isPostgres = process.env.DATABASE_URL?.startsWith('postgres')

/** Sends 30 bookings at once for a tour of 5 places, spread over the servers given, and reads what was written. */
async function raceForFivePlaces(school: TestSchool, baseUrls: (string | undefined)[]) {
  const tourId = await addTour(school, { capacity: 5 })
  const peopleBefore = (await school.database.db.select().from(people).where(eq(people.schoolId, school.id))).length
  // One token sends all 30: exactly its limit of 30 a minute, counted across every server.
  const token = await school.token(['tour.book'])
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => callApi(`/api/v1/tours/${tourId}/bookings`, {
    token,
    baseUrl: baseUrls[i % baseUrls.length],
    headers: { 'idempotency-key': `race-${tourId}-${i}` },
    body: {
      student: { familyName: 'Race', givenNames: `Child ${i}` },
      enquirer: { familyName: 'Race', givenNames: `Parent ${i}`, phone: `0400 000 ${String(i).padStart(3, '0')}` }
    }
  })))
  const made = await school.database.db.select().from(bookings).where(eq(bookings.tourId, tourId))
  const madeEnquiries = await school.database.db.select().from(enquiries).where(eq(enquiries.schoolId, school.id))
  const peopleAfter = (await school.database.db.select().from(people).where(eq(people.schoolId, school.id))).length
  const [tour] = await school.database.db.select().from(tours).where(eq(tours.id, tourId))
  return { answers, made, madeEnquiries, newPeople: peopleAfter - peopleBefore, booked: tour!.booked }
}

function expectExactlyFive(result: Awaited<ReturnType<typeof raceForFivePlaces>>) {
  expect(result.answers.map(a => a.status).sort()).toEqual([...Array(5).fill(201), ...Array(25).fill(409)])
  for (const refused of result.answers.filter(a => a.status === 409)) expect(refused.body.data.detail).toEqual(['tour-full'])
  expect(result.made).toHaveLength(5)
  expect(new Set(result.made.map(b => b.enquiryId))).toEqual(new Set(result.answers.filter(a => a.status === 201).map(a => a.body.enquiryId)))
  expect(result.newPeople).toBe(10)
  expect(result.booked).toBe(5)
}

describe('the last place of a tour is taken exactly once', () => {
  it('30 bookings at once for 5 places: 5 bookings, 5 enquiries, 25 tour-full and no extra person', async () => {
    const school = await newSchool()
    const result = await raceForFivePlaces(school, [undefined])
    expectExactlyFive(result)
    expect(result.madeEnquiries).toHaveLength(5)
  })
})

describe.runIf(isPostgres)('with two server processes on PostgreSQL', () => {
  let second: RunningServer

  beforeAll(async () => {
    second = await startBuiltServer()
  })

  afterAll(() => second?.stop())

  it('30 bookings at once over two servers for 5 places: still exactly 5', async () => {
    const school = await newSchool()
    const result = await raceForFivePlaces(school, [undefined, second.url])
    expectExactlyFive(result)
    expect(result.madeEnquiries).toHaveLength(5)
  })
})
