import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, enquiries, people, tours } from '../../../../db/schema'
import { cancelTour, editTour } from '../../../../server/domain/admissions/tour-records'
import { bookTour } from '../../../../server/domain/admissions/book-tour'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { newSchool } from '../../../support/schools'
import { addTour, daysFromNow, eventKinds } from '../../../support/admissions-fixtures'
import type { TestSchool } from '../../../support/roles-fixtures'

const booking = (overrides: Record<string, unknown> = {}) => ({
  student: { familyName: 'Ngata', givenNames: 'Aroha' },
  enquirer: { familyName: 'Ngata', givenNames: 'Wiremu', relationship: 'father', email: 'wiremu@example.org' },
  ...overrides
})

const countRows = async (school: TestSchool) => ({
  bookings: (await school.database.db.select().from(bookings).where(eq(bookings.schoolId, school.id))).length,
  enquiries: (await school.database.db.select().from(enquiries).where(eq(enquiries.schoolId, school.id))).length,
  people: (await school.database.db.select().from(people).where(eq(people.schoolId, school.id))).length
})

describe('GET /api/v1/tours', () => {
  let school: TestSchool
  let token: string
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    school = await newSchool({ campuses: [{ name: 'North', sisCode: 'N1' }, { name: 'South' }] })
    token = await school.token(['tour.read'])
    ids.later = await addTour(school, { title: 'Later', startsAt: daysFromNow(20), campus: 'South' })
    ids.soon = await addTour(school, { title: 'Soon', startsAt: daysFromNow(2), campus: 'North', audience: 'international', capacity: 3 })
    ids.past = await addTour(school, { title: 'Past', startsAt: daysFromNow(-2), campus: 'North' })
    ids.cancelled = await addTour(school, { title: 'Cancelled', startsAt: daysFromNow(5), campus: 'North' })
    await cancelTour(school.context, ids.cancelled)
    ids.full = await addTour(school, { title: 'Full', startsAt: daysFromNow(6), campus: 'North', capacity: 1 })
    await callApi(`/api/v1/tours/${ids.full}/bookings`, { token: await school.token(['tour.book']), body: booking() })
  })

  it('lists only future tours with a place left, soonest first, with placesLeft', async () => {
    const answer = await callApi('/api/v1/tours', { token })
    expect(answer.status).toBe(200)
    expect(answer.body.tours.map((t: any) => t.title)).toEqual(['Soon', 'Later'])
    expect(answer.body.tours[0]).toEqual({
      id: ids.soon, title: 'Soon', startsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), venue: 'Library',
      placesLeft: 3, campus: 'North', audience: 'international'
    })
  })

  it('lists a tour of the whole school with campus null, as the Tour schema allows', async () => {
    const single = await newSchool()
    const id = await addTour(single, { title: 'Whole school', startsAt: daysFromNow(3) })
    const answer = await callApi('/api/v1/tours', { token: await single.token(['tour.read']) })
    expect(answer.status).toBe(200)
    expect(answer.body.tours).toEqual([expect.objectContaining({ id, campus: null })])
  })

  it('filters by campus and audience', async () => {
    expect((await callApi('/api/v1/tours?campus=South', { token })).body.tours.map((t: any) => t.id)).toEqual([ids.later])
    expect((await callApi('/api/v1/tours?audience=international', { token })).body.tours.map((t: any) => t.id)).toEqual([ids.soon])
    expect((await callApi('/api/v1/tours?campus=West', { token })).body.tours).toEqual([])
  })

  it('shows a change the office made to a tour', async () => {
    await editTour(school.context, ids.later!, { capacity: 12, title: 'Later still' })
    const later = (await callApi('/api/v1/tours?campus=South', { token })).body.tours[0]
    expect(later).toMatchObject({ title: 'Later still', placesLeft: 12 })
    expect(await eventKinds(school, ids.later!)).toEqual(['tour.created', 'tour.updated'])
  })

  it('leaves out a tour the moment it begins, though the school\'s data has not changed since the list was read', async () => {
    const imminent = await addTour(school, { title: 'Imminent', campus: 'North', startsAt: new Date(Date.now() + 1500).toISOString() })
    const listed = async () => (await callApi('/api/v1/tours', { token })).body.tours.map((t: any) => t.id)
    expect(await listed()).toContain(imminent)
    await new Promise(done => setTimeout(done, 2000))
    expect(await listed()).not.toContain(imminent)
  })

  it('refuses a tour edit below the places booked, and any edit of a cancelled tour', async () => {
    const tourId = await addTour(school, { capacity: 3, campus: 'North' })
    for (const i of [1, 2]) await bookTour(school.context, tourId, booking({ student: { familyName: 'Edit', givenNames: `Child ${i}` } }))
    await expect(editTour(school.context, tourId, { capacity: 1 })).rejects.toMatchObject({ code: 'unprocessable' })
    await expect(editTour(school.context, tourId, { capacity: 0 })).rejects.toMatchObject({ code: 'validation_failed' })
    await editTour(school.context, tourId, { capacity: 2 })
    await expect(editTour(school.context, ids.cancelled!, { title: 'Again' })).rejects.toMatchObject({ code: 'unprocessable' })
  })

  it('refuses an unknown query parameter, a token without tour.read, and none', async () => {
    expect(fieldPaths(await callApi('/api/v1/tours?colour=blue', { token }))).toEqual(['colour'])
    const forbidden = expectEnvelope(await callApi('/api/v1/tours', { token: await school.token(['tour.book']) }), 403, 'forbidden')
    expect(forbidden.detail.join(' ')).toContain('tour.read')
    expectEnvelope(await callApi('/api/v1/tours'), 401, 'unauthenticated')
  })
})

describe('POST /api/v1/tours/{id}/bookings', () => {
  let school: TestSchool
  let token: string

  beforeAll(async () => {
    school = await newSchool()
    token = await school.token(['tour.book'])
  })

  it('makes the enquiry, its two people and the booking together, and announces each', async () => {
    const tourId = await addTour(school, { capacity: 2 })
    const answer = await callApi(`/api/v1/tours/${tourId}/bookings`, { token, body: booking() })
    expect(answer.status).toBe(201)
    expect(Object.keys(answer.body).sort()).toEqual(['enquiryId', 'id', 'receivedAt'])
    expect(answer.body.id).toMatch(/^bkg_/)
    const [enquiry] = await school.database.db.select().from(enquiries).where(eq(enquiries.id, answer.body.enquiryId))
    expect(enquiry).toMatchObject({ channel: 'website', relationship: 'father' })
    const [tour] = await school.database.db.select().from(tours).where(eq(tours.id, tourId))
    expect(tour!.booked).toBe(1)
    expect(await eventKinds(school, answer.body.id)).toEqual(['booking.created'])
    expect(await eventKinds(school, answer.body.enquiryId)).toEqual(['enquiry.created'])
    expect(await eventKinds(school, enquiry!.studentId)).toEqual(['person.created'])
    expect(await eventKinds(school, tourId)).toEqual(['tour.created', 'tour.updated'])
  })

  it('answers a full tour with conflict tour-full and records nothing, no enquiry and no person', async () => {
    const tourId = await addTour(school, { capacity: 1 })
    expect((await callApi(`/api/v1/tours/${tourId}/bookings`, { token, body: booking() })).status).toBe(201)
    const before = await countRows(school)
    const full = expectEnvelope(await callApi(`/api/v1/tours/${tourId}/bookings`, { token, body: booking() }), 409, 'conflict')
    expect(full.detail).toContain('tour-full')
    expect(await countRows(school)).toEqual(before)
  })

  it('refuses a past or cancelled tour with unprocessable, and an unknown or another school\'s with not_found', async () => {
    const past = await addTour(school, { startsAt: daysFromNow(-1) })
    const cancelled = await addTour(school)
    await cancelTour(school.context, cancelled)
    const other = await newSchool()
    const theirs = await addTour(other)
    const before = await countRows(school)
    expectEnvelope(await callApi(`/api/v1/tours/${past}/bookings`, { token, body: booking() }), 422, 'unprocessable')
    expectEnvelope(await callApi(`/api/v1/tours/${cancelled}/bookings`, { token, body: booking() }), 422, 'unprocessable')
    expectEnvelope(await callApi(`/api/v1/tours/${theirs}/bookings`, { token, body: booking() }), 404, 'not_found')
    expectEnvelope(await callApi('/api/v1/tours/tou_doesnotexist/bookings', { token, body: booking() }), 404, 'not_found')
    expect(await countRows(school)).toEqual(before)
  })

  it('validates the enquiry fields, naming each', async () => {
    const tourId = await addTour(school)
    const answer = await callApi(
      `/api/v1/tours/${tourId}/bookings`, { token, body: booking({ channel: 'fax', enquirer: { familyName: 'A', givenNames: 'B' } }) }
    )
    expectEnvelope(answer, 400, 'validation_failed')
    expect(fieldPaths(answer)).toEqual(['channel', 'enquirer.email', 'enquirer.phone'])
  })

  it('books once for one Idempotency-Key, and replays the answer', async () => {
    const tourId = await addTour(school, { capacity: 5 })
    const keyed = await school.token(['tour.book'])
    const headers = { 'idempotency-key': 'tour-booking-1' }
    const first = await callApi(`/api/v1/tours/${tourId}/bookings`, { token: keyed, body: booking(), headers })
    const replay = await callApi(`/api/v1/tours/${tourId}/bookings`, { token: keyed, body: booking(), headers })
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expect((await school.database.db.select().from(bookings).where(eq(bookings.tourId, tourId))).length).toBe(1)
  })

  it('needs tour.book', async () => {
    const tourId = await addTour(school)
    const answer = expectEnvelope(
      await callApi(`/api/v1/tours/${tourId}/bookings`, { token: await school.token(['tour.read']), body: booking() }), 403, 'forbidden'
    )
    expect(answer.detail.join(' ')).toContain('tour.book')
  })
})
