import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import {
  affiliations, applications, billingResponsibilities, bookings, concessions, enquiries, parentalResponsibilities, people, tours
} from '../../../../db/schema'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { revokeToken } from '../../../../server/domain/tokens/manage-tokens'
import { addTour } from '../../../support/admissions-fixtures'
import { callApi } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

describe('the family portal: applications and tours, our data and its download', () => {
  let school: School
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  const cookies: Record<string, string> = {}
  const get = (path: string, adult: string) => callApi(path, { headers: { cookie: cookies[adult]! } })
  let tourId: string, fullTourId: string
  let aroha: { id: string }, tama: { id: string }, sibling: { id: string }

  beforeAll(async () => {
    school = await newSchool({ name: 'Portal Applications School' })
    families = await seedPortalFamilies(school)
    for (const adult of ['mother', 'father', 'resident', 'separated', 'safe', 'unsafe'] as const) {
      cookies[families[adult]] = (await familySession(school, families[adult])).cookie
    }
    tourId = await addTour(school, { title: 'Open morning', capacity: 5 })
    fullTourId = await addTour(school, { title: 'Small tour', capacity: 1 })
    const placement = { yearLevel: '4', entryYear: 2027 }
    aroha = await submitApplication(
      school.context, { student: { personId: families.aroha }, adults: [{ personId: families.mother }, { personId: families.father }], placement }
    )
    tama = await submitApplication(
      school.context,
      { student: { personId: families.tama }, adults: [{ personId: families.resident }, { personId: families.separated }], placement }
    )
    sibling = await submitApplication(school.context, {
      student: { familyName: 'Walker', givenNames: 'Hana', dateOfBirth: '2021-01-01' }, adults: [{ personId: families.unsafe }],
      placement: { yearLevel: '1', entryYear: 2027 }
    })
  })

  it('lists the family\'s applications with state and dates, the tours to come with places, and no child they may not see', async () => {
    const answer = await get('/api/app/portal/applications', families.mother)
    expect(answer.status).toBe(200)
    expect(answer.body.applications)
      .toEqual([expect.objectContaining({
        id: aroha.id, child: { id: families.aroha, familyName: 'Ngata', givenNames: 'Aroha' }, state: 'submitted', yearLevel: '4', entryYear: 2027,
        offeredAt: null
      })])
    expect(answer.body.tours.map((tour: { id: string, placesLeft: number }) => [tour.id, tour.placesLeft]))
      .toEqual(expect.arrayContaining([[tourId, 5], [fullTourId, 1]]))
    expect(answer.body.bookings).toEqual([])
    // An order keeping the separated parent from details keeps the child out of every answer, their application too (an application
    // names the child); a flag keeps the other parent out of everything, but an application for a child with no carers on file yet is
    // the adult's own.
    expect((await get('/api/app/portal/applications', families.separated)).body.applications).toEqual([])
    expect((await get('/api/app/portal/applications', families.resident)).body.applications.map((row: { id: string }) => row.id)).toEqual([tama.id])
    expect((await get('/api/app/portal/applications', families.unsafe)).body.applications.map((row: { id: string }) => row.id)).toEqual([sibling.id])
  })

  it('books a tour by the API\'s rule: the adult on file is the enquirer, a full tour is tour-full, and the booking is listed', async () => {
    const booked = await callApi(`/api/app/portal/tours/${fullTourId}/bookings`, {
      headers: { cookie: cookies[families.mother]! },
      body: { student: { familyName: 'Ngata', givenNames: 'Pita' }, relationship: 'mother', intendedEntryYear: 2028 }
    })
    expect(booked.status).toBe(201)
    expect(booked.body).toEqual({ id: expect.stringMatching(/^bkg_/), enquiryId: expect.stringMatching(/^enq_/), receivedAt: expect.any(String) })
    const [enquiry] = await school.database.db.select().from(enquiries).where(eq(enquiries.id, booked.body.enquiryId))
    expect(enquiry).toMatchObject({ enquirerId: families.mother, relationship: 'mother', intendedEntryYear: 2028 })
    const [tour] = await school.database.db.select().from(tours).where(eq(tours.id, fullTourId))
    expect(tour!.booked).toBe(1)
    const full = await callApi(
      `/api/app/portal/tours/${fullTourId}/bookings`,
      { headers: { cookie: cookies[families.father]! }, body: { student: { familyName: 'Ngata', givenNames: 'Pita' } } }
    )
    expect(expectEnvelope(full, 409, 'conflict').detail).toEqual(['tour-full'])
    const listed = await get('/api/app/portal/applications', families.mother)
    expect(listed.body.bookings)
      .toEqual([expect.objectContaining({
        id: booked.body.id, tour: expect.objectContaining({ id: fullTourId, cancelled: false }),
        child: expect.objectContaining({ givenNames: 'Pita' })
      })])
    expect(listed.body.tours.map((row: { id: string }) => row.id)).not.toContain(fullTourId)
    expect((await get('/api/app/portal/applications', families.father)).body.bookings).toEqual([])
  })

  it('refuses a booking with a bad body, an unknown tour, or in a preview, writing nothing', async () => {
    const bad = await callApi(
      `/api/app/portal/tours/${tourId}/bookings`,
      { headers: { cookie: cookies[families.father]! }, body: { student: { familyName: '' }, relationship: 'neighbour' } }
    )
    expectEnvelope(bad, 400, 'validation_failed')
    expect(fieldPaths(bad)).toEqual(['relationship', 'student.familyName', 'student.givenNames'])
    expectEnvelope(await callApi(
      '/api/app/portal/tours/tou_doesnotexist0000/bookings',
      { headers: { cookie: cookies[families.father]! }, body: { student: { familyName: 'A', givenNames: 'B' } } }
    ), 404, 'not_found')
    const { cookie } = await staffSession(school, 'office')
    await callApi(`/api/app/people/${families.father}/portal-preview`, { method: 'POST', headers: { cookie } })
    const before = await school.database.db.select().from(bookings).where(eq(bookings.tourId, tourId))
    expectEnvelope(
      await callApi(`/api/app/portal/tours/${tourId}/bookings`, { headers: { cookie }, body: { student: { familyName: 'A', givenNames: 'B' } } }),
      403, 'preview_read_only'
    )
    expect(await school.database.db.select().from(bookings).where(eq(bookings.tourId, tourId))).toEqual(before)
  })

  it('names the integrations that can read the family\'s records by purpose and scopes, never a token id, and only live ones', async () => {
    const roster = await school.tokenWithId(['roster.read', 'person.read'])
    const revoked = await school.tokenWithId(['billing.read'])
    await revokeToken(school.context, revoked.id)
    await school.token(['tour.book', 'enquiry.write'])
    const answer = await get('/api/app/portal/data', families.mother)
    expect(answer.body).toMatchObject({ integrations: [{ purpose: 'test', scopes: [
      { name: 'person.read', grants: 'names, dates of birth and name history of students, parents and staff' },
      { name: 'roster.read', grants: 'roster files (OneRoster or directory-sync format)' }
    ] }] })
    expect(JSON.stringify(answer.body)).not.toContain(roster.id)
    expect(JSON.stringify(answer.body)).not.toContain(revoked.id)
  })

  it('downloads everything the school holds on the adult and the children they may see, as JSON, field by field as the database holds it', async () => {
    const answer = await callApi('/api/app/portal/data/download?format=json', { headers: { cookie: cookies[families.resident]! } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="rollbook-data-\d{4}-\d{2}-\d{2}\.json"/)
    const db = school.database.db
    const [adult] = await db.select().from(people).where(eq(people.id, families.resident))
    const [child] = await db.select().from(people).where(eq(people.id, families.tama))
    const personFields = (row: typeof people.$inferSelect) => ({
      id: row.id, familyName: row.familyName, givenNames: row.givenNames, dateOfBirth: row.dateOfBirth, email: row.email, phone: row.phone,
      preferredLanguage: row.preferredLanguage, createdAt: row.createdAt, updatedAt: row.updatedAt
    })
    const spans = async (personId: string) => (await db.select().from(affiliations).where(eq(affiliations.personId, personId))
      .orderBy(asc(affiliations.validFrom), asc(affiliations.id)))
      .map(row => ({
        id: row.id, personId: row.personId, kind: row.kind, validFrom: row.validFrom, validTo: row.validTo, yearLevel: row.yearLevel, campus: null,
        role: row.role
      }))
    const responsibilities = (await db.select().from(parentalResponsibilities).where(eq(parentalResponsibilities.adultId, families.resident))
      .orderBy(asc(parentalResponsibilities.validFrom), asc(parentalResponsibilities.id)))
      .map(row => ({ id: row.id, adultId: row.adultId, childId: row.childId, relationship: row.relationship, validFrom: row.validFrom, validTo: row.validTo }))
    const shares = (await db.select().from(billingResponsibilities).where(eq(billingResponsibilities.studentId, families.tama))
      .orderBy(asc(billingResponsibilities.validFrom), asc(billingResponsibilities.id)))
      .map(row => ({
        id: row.id, studentId: row.studentId, payerId: row.payerId, category: row.category, share: row.share, validFrom: row.validFrom,
        validTo: row.validTo
      }))
    const [application] = await db.select().from(applications).where(eq(applications.id, tama.id))
    expect(answer.body).toEqual({
      adult: {
        ...personFields(adult!),
        affiliations: await spans(families.resident),
        parentalResponsibilities: responsibilities,
        applications: [{
          id: application!.id, studentId: application!.studentId, state: application!.state, yearLevel: application!.yearLevel,
          entryYear: application!.entryYear, campus: null, receivedAt: application!.receivedAt, offeredAt: application!.offeredAt,
          answeredAt: application!.answeredAt, startsOn: application!.startsOn
        }]
      },
      children: [{ ...personFields(child!), affiliations: await spans(families.tama), billingResponsibilities: shares, concessions: [] }]
    })
    const text = JSON.stringify(answer.body)
    // The other parent appears as an id on who pays, never with their details; nothing restricted is there.
    const [separated] = await db.select().from(people).where(eq(people.id, families.separated))
    expect(text).not.toContain(separated!.phone!)
    expect(text).not.toContain(separated!.givenNames)
    expect(text).not.toMatch(/court|order|flag|parenting/i)
  })

  it('gives the separated parent under the order no record of the child, and the CSV holds the same records, one table column first', async () => {
    const json = await callApi('/api/app/portal/data/download', { headers: { cookie: cookies[families.separated]! } })
    expect(json.body.children).toEqual([])
    expect(json.body.adult.parentalResponsibilities).toEqual([])
    // The application they are on is about the child: with details withheld it is left out whole, so nothing hints at the child.
    expect(json.body.adult.applications).toEqual([])
    expect(JSON.stringify(json.body)).not.toContain('Tama')
    const csv = await callApi('/api/app/portal/data/download?format=csv', { headers: { cookie: cookies[families.mother]! } })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const rows = parse(csv.body as string, { columns: true }) as Record<string, string>[]
    expect(Object.keys(rows[0]!)[0]).toBe('table')
    const byTable = (table: string) => rows.filter(row => row.table === table)
    expect(byTable('people').map(row => row.id).sort()).toEqual([families.mother, families.aroha].sort())
    // A cell a spreadsheet would run as a formula (`+61…`) is written inert with a leading `'`, as the warehouse files write it.
    expect(byTable('people').find(row => row.id === families.aroha))
      .toMatchObject({ familyName: 'Ngata', givenNames: 'Aroha', dateOfBirth: '2016-02-03', phone: '\'+61 400 000 001' })
    const held = await school.database.db.select().from(concessions).where(eq(concessions.studentId, families.aroha))
    expect(byTable('concessions').map(row => [row.id, row.kind, row.validFrom])).toEqual(held.map(row => [row.id, row.kind, row.validFrom]))
    expect(byTable('billing_responsibilities').map(row => [row.payerId, row.share]).sort())
      .toEqual([[families.father, '5000'], [families.mother, '5000']].sort())
    expect(byTable('parental_responsibilities').map(row => row.childId)).toEqual([families.aroha])
    const mine = await school.database.db.select({ id: applications.id }).from(applications)
      .where(and(eq(applications.studentId, families.aroha), inArray(applications.id, [aroha.id])))
    expect(byTable('applications').map(row => row.id)).toEqual(mine.map(row => row.id))
    expect(csv.body).not.toContain(families.emails.father)
    expect(fieldPaths(await callApi('/api/app/portal/data/download?format=xml', { headers: { cookie: cookies[families.mother]! } }))).toEqual(['format'])
  })

  it('keeps our data open when every section is off', async () => {
    const { cookie: admin } = await staffSession(school, 'admin')
    await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: ['children', 'details', 'payers', 'applications'] } })
    try {
      expectEnvelope(await get('/api/app/portal/applications', families.mother), 403, 'section_off')
      expect((await get('/api/app/portal/data', families.mother)).status).toBe(200)
      expect((await get('/api/app/portal/data/download', families.mother)).status).toBe(200)
    } finally {
      await callApi('/api/app/portal-sections', { method: 'PUT', headers: { cookie: admin }, body: { off: [] } })
    }
  })
})
