import { createECDH, randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { affiliations, applicationAdults, applications, bookings, consents, enquiries } from '../../../../db/schema'
import { showsChild, standingOf } from '../../../../server/domain/access/standing'
import { submitApplication } from '../../../../server/domain/admissions/submit-application'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { bookTourFromPortal } from '../../../../server/domain/admissions/portal-admissions'
import { recordCourtOrder } from '../../../../server/domain/restricted/court-orders'
import { recordProtectionFlag } from '../../../../server/domain/restricted/protection-flags'
import { seedDemoPortalFamilies } from '../../../../server/domain/setup/demo/demo-portal-families'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays } from '../../../../server/domain/days/calendar'
import { recordUnexplainedAbsences } from '../../../../server/domain/absences/unexplained-intake'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { addStaffAccount } from '../../../../server/domain/staff/staff-access'
import { courtOrderPurposes, type StandingPurpose } from '../../../../shared/vocabulary'
import { addTour } from '../../../support/admissions-fixtures'
import { callApi, type ApiAnswer } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedPortalFamilies } from '../../../support/portal-families'
import { newSchool } from '../../../support/schools'
import { ownStaffRecord, staffSession, uniqueEmail } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * The sweep (issue 35, "Tests"): a school whose families cover every case of standing (shared
 * responsibility, an ended one, a court order for each purpose, a protection flag naming one adult as
 * safe, an applicant and an enquirer with a booking for children with no responsibility on file, and the
 * same under a flag or an order), with another school's child and an id naming no one besides; every
 * adult with family access calls EVERY portal route (read from server/api/app/portal, so a new route
 * fails here until it is swept) for every child, and each answer is compared with standing's verdict
 * on the day (showsChild): shown where it grants, withheld (one body, whoever asks about whom) where not,
 * and no answer ever names a child standing withholds from the adult for every purpose.
 */

const portalRoutes = join(process.cwd(), 'server/api/app/portal')

/** Every portal route file, as a path under server/api/app/portal. */
function routeFiles(dir = portalRoutes): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap(entry => entry.isDirectory() ? routeFiles(join(dir, entry.name)) : [relative(portalRoutes, join(dir, entry.name))]).sort()
}

/** A school's adults, each with a portal session, the children the sweep asks about, and what the routes need. */
interface Swept {
  school: School
  today: string
  adults: string[]
  children: string[]
  cookies: Map<string, string>
  askId: string
  messageId: string
  tourId: string
  /** A data check of the whole school, started on the day: every adult with details standing on a child on the roll is asked. */
  checkId: string
}

const withoutTrace = (answer: ApiAnswer) => ({ status: answer.status, body: { ...answer.body, data: { ...answer.body.data, traceId: undefined } } })

/** Standing's verdict for every adult on every child, asked once: the portal must answer as it says. */
class Verdicts {
  private readonly standings = new Map<string, Awaited<ReturnType<typeof standingOf>>>()
  constructor(private readonly swept: Swept) {}
  async load() {
    for (const adult of this.swept.adults) {
      for (const child of this.swept.children) this.standings.set(`${adult} ${child}`, await standingOf(this.swept.school, adult, child, this.swept.today))
    }
  }

  shows(adult: string, child: string, purpose: StandingPurpose) {
    return showsChild(this.standings.get(`${adult} ${child}`)!, purpose)
  }

  shown(adult: string, purpose: StandingPurpose) {
    return this.swept.children.filter(child => this.shows(adult, child, purpose))
  }

  /** The children the portal may not name to the adult anywhere: withheld for every purpose. */
  hidden(adult: string) {
    return this.swept.children.filter(child =>
      !(['details', 'contact', 'billing', 'applications', 'consents', 'messages', 'attendance'] as const).some(purpose => this.shows(adult, child, purpose)))
  }
}

interface Run { swept: Swept, verdicts: Verdicts, refusals: Map<string, unknown[]> }
type Sweep = (run: Run, adult: string) => Promise<ApiAnswer[]>

const as = (run: Run, adult: string, path: string, init: { method?: string, body?: unknown } = {}) =>
  callApi(path, { ...init, headers: { cookie: run.swept.cookies.get(adult)! } })
const sorted = (ids: string[]) => [...new Set(ids)].sort()

/** A route about one child: the child where standing shows it, else `code` with one body for every case. */
function perChild(
  purpose: StandingPurpose, call: (run: Run, adult: string, child: string) => Promise<ApiAnswer>, shown: (answer: ApiAnswer, child: string) => void,
  refusal: { status: number, code: string }
): Sweep {
  return async (run, adult) => {
    const answers: ApiAnswer[] = []
    for (const child of run.swept.children) {
      const answer = await call(run, adult, child)
      if (run.verdicts.shows(adult, child, purpose)) {
        shown(answer, child)
      } else {
        expectEnvelope(answer, refusal.status, refusal.code)
        run.refusals.set(refusal.code, [...run.refusals.get(refusal.code) ?? [], withoutTrace(answer)])
      }
      answers.push(answer)
    }
    return answers
  }
}

/** A list: exactly the children standing shows for the purpose. */
function list(path: string, purpose: StandingPurpose, named: (body: any) => string[]): Sweep {
  return async (run, adult) => {
    const answer = await as(run, adult, path)
    expect(answer.status, `${adult} ${path}`).toBe(200)
    expect(sorted(named(answer.body)), `${adult} ${path}`).toEqual(sorted(run.verdicts.shown(adult, purpose)))
    return [answer]
  }
}

/** The children an application (among its adults) or a booking (as the enquirer) names the adult for, among the swept. */
async function appliedFor(run: Run, adult: string) {
  const { db } = run.swept.school.database
  const [applied, booked] = await Promise.all([
    db.select({ childId: applications.studentId }).from(applicationAdults)
      .innerJoin(applications, eq(applications.id, applicationAdults.applicationId)).where(eq(applicationAdults.personId, adult)),
    db.select({ childId: enquiries.studentId }).from(enquiries).innerJoin(bookings, eq(bookings.enquiryId, enquiries.id)).where(eq(enquiries.enquirerId, adult))
  ])
  return { applied: applied.map(row => row.childId), booked: booked.map(row => row.childId) }
}

/** A browser's push subscription as it posts it: a push service's address of its own and a real P-256 key. */
function aDevice() {
  const keys = createECDH('prime256v1')
  keys.generateKeys()
  return {
    endpoint: `https://push.example.org/send/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
  }
}

/**
 * Absences' reports and explanations take a document, and a school has at most two uploads in progress (`rate_limited`
 * past them): the four adults swept at once send theirs one at a time.
 */
let uploading: Promise<unknown> = Promise.resolve()
function oneUploadAtATime(send: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const sent = uploading.then(send, send)
  uploading = sent.catch(() => {})
  return sent
}

const reportAbsence = (run: Run, adult: string, child: string, day: string) =>
  oneUploadAtATime(() => as(run, adult, '/api/app/portal/absences', { body: { childId: child, firstDay: day, reason: 'illness' } }))

/** An unexplained absence of the child today in a period of the adult's own, where the child is on the roll; else an id naming none. */
async function unexplainedFor(run: Run, adult: string, child: string) {
  const minute = String(run.swept.adults.indexOf(adult)).padStart(2, '0')
  try {
    const period = { from: `08:${minute}`, to: `09:${minute}` }
    const found = await recordUnexplainedAbsences(run.swept.school.context, [{ personId: child, day: run.swept.today, ...period }])
    return found.absences[0]!.id
  } catch {
    return 'uab_unknownabsence000000'
  }
}

/** Every portal route file and how the sweep calls it. A route missing here fails the first test. */
const sweeps: Record<string, Sweep> = {
  'index.get.ts': list('/api/app/portal', 'details', body => body.children.map((child: { id: string }) => child.id)),
  'children/[id].get.ts': perChild('details', (run, adult, child) => as(run, adult, `/api/app/portal/children/${child}`), (answer, child) => {
    expect(answer.status).toBe(200)
    expect(answer.body.child.id).toBe(child)
  }, { status: 403, code: 'standing_withheld' }),
  'children/[id]/payers.get.ts': perChild('billing', (run, adult, child) => as(run, adult, `/api/app/portal/children/${child}/payers`), (answer, child) => {
    expect(answer.status).toBe(200)
    expect(answer.body.child.id).toBe(child)
  }, { status: 403, code: 'standing_withheld' }),
  'payers.get.ts': list('/api/app/portal/payers', 'billing', body => body.children.map((entry: { child: { id: string } }) => entry.child.id)),
  'fees.get.ts': list('/api/app/portal/fees', 'billing', body => body.children.map((entry: { child: { id: string } }) => entry.child.id)),
  'details.get.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/details')
    expect(answer.status).toBe(200)
    expect(answer.body.adult.id).toBe(adult)
    return [answer]
  },
  'details/requests.post.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/details/requests', { body: { phone: '+61 400 123 456' } })
    expect(answer.status).toBe(201)
    return [answer]
  },
  'notifications/index.get.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/notifications')
    expect(answer.status, `${adult} notifications`).toBe(200)
    expect(answer.body.kinds).toHaveLength(5)
    return [answer]
  },
  'notifications/index.put.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/notifications', { method: 'PUT', body: { choices: [{ kind: 'school', channel: 'email',
      mode: 'digest' }] } })
    expect(answer.status, `${adult} notification choices`).toBe(200)
    return [answer]
  },
  'notifications/devices/index.post.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/notifications/devices', { body: aDevice() })
    expect(answer.status, `${adult} device`).toBe(201)
    return [answer]
  },
  'notifications/devices/[id].delete.ts': async (run, adult) => {
    const added = await as(run, adult, '/api/app/portal/notifications/devices', { body: aDevice() })
    const answer = await as(run, adult, `/api/app/portal/notifications/devices/${added.body.id}`, { method: 'DELETE' })
    expect(answer.status, `${adult} device removed`).toBe(200)
    return [added, answer]
  },
  'language.put.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/language', { method: 'PUT', body: { preferredLanguage: 'en' } })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ changed: expect.any(Boolean), preferredLanguage: 'en' })
    expect(answer.headers.get('set-cookie')).toMatch(/^rollbook_language=en;/)
    return [answer]
  },
  'applications.get.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/applications')
    expect(answer.status).toBe(200)
    const { applied, booked } = await appliedFor(run, adult)
    const shown = (ids: string[]) => sorted(ids.filter(child => run.verdicts.shows(adult, child, 'applications')))
    expect(sorted(answer.body.applications.map((row: { child: { id: string } }) => row.child.id)), `${adult} applications`).toEqual(shown(applied))
    expect(sorted(answer.body.bookings.map((row: { child: { id: string } }) => row.child.id)), `${adult} bookings`).toEqual(shown(booked))
    return [answer]
  },
  // Booking makes a new child the adult is the enquirer of: swept last (sweepLast), then the child is theirs in Applications and tours.
  'tours/[id]/bookings.post.ts': async (run, adult) => {
    const answer = await as(
      run, adult, `/api/app/portal/tours/${run.swept.tourId}/bookings`, { body: { student: { familyName: 'Sweep', givenNames: 'Newcomer' } } }
    )
    expect(answer.status).toBe(201)
    const [enquiry] = await run.swept.school.database.db.select({ childId: enquiries.studentId }).from(enquiries).where(eq(enquiries.id, answer.body.enquiryId))
    const standing = await standingOf(run.swept.school, adult, enquiry!.childId, run.swept.today)
    const listed = await as(run, adult, '/api/app/portal/applications')
    expect(listed.body.bookings.some((row: { child: { id: string } }) => row.child.id === enquiry!.childId)).toBe(showsChild(standing, 'applications'))
    return [answer]
  },
  'consents/index.get.ts': list('/api/app/portal/consents', 'consents', body => body.items.map((item: { child: { id: string } }) => item.child.id)),
  'consents/answers.post.ts': perChild('consents', (run, adult, child) =>
    as(run, adult, '/api/app/portal/consents/answers', { body: { askId: run.swept.askId, childId: child, answer: 'yes' } }), (answer, child) => {
    expect(answer.status).toBe(201)
    expect(answer.body.childId).toBe(child)
  }, { status: 422, code: 'no_consent_standing' }),
  // No adult reads a receipt of an answer not their own and signed: the sweep's answers are unsigned, each adult's own among them.
  'consents/answers/[id]/receipt.get.ts': async (run, adult) => {
    const answers = await run.swept.school.database.db.select({ id: consents.id }).from(consents).where(eq(consents.schoolId, run.swept.school.id)).limit(6)
    const receipts = []
    for (const id of [...answers.map(answer => answer.id), 'cns_unknownanswer0000000']) {
      const receipt = await as(run, adult, `/api/app/portal/consents/answers/${id}/receipt`)
      expectEnvelope(receipt, 404, 'not_found')
      receipts.push(receipt)
    }
    for (const receipt of receipts) expect(withoutTrace(receipt)).toEqual(withoutTrace(receipts[0]!))
    return receipts
  },
  'messages/index.get.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/messages')
    expect(answer.status).toBe(200)
    const reached = run.verdicts.shown(adult, 'messages').length > 0
    // The office's message, and the data check's notice to those it asks.
    const ids = answer.body.items.map((item: { id: string }) => item.id)
    if (reached) expect(ids, `${adult} messages`).toContain(run.swept.messageId)
    else expect(ids, `${adult} messages`).toEqual([])
    return [answer]
  },
  'messages/[id].get.ts': async (run, adult) => {
    const answer = await as(run, adult, `/api/app/portal/messages/${run.swept.messageId}`)
    if (run.verdicts.shown(adult, 'messages').length) expect(answer.status).toBe(200)
    else expectEnvelope(answer, 404, 'not_found')
    return [answer]
  },
  'absences/index.get.ts': list('/api/app/portal/absences', 'attendance', body => body.children.map((child: { id: string }) => child.id)),
  'absences/index.post.ts': perChild('attendance', (run, adult, child) => reportAbsence(run, adult, child, run.swept.today), (answer) => {
    expect(answer.status).toBe(201)
    expect(answer.body.id).toMatch(/^abs_/)
  }, { status: 403, code: 'standing_withheld' }),
  // Each adult withdraws the absence they report for a child ahead; the others' ids, and a child's they may not see, are refused alike.
  'absences/[id]/withdraw.post.ts': perChild('attendance', async (run, adult, child) => {
    const reported = await reportAbsence(run, adult, child, addDays(run.swept.today, 7))
    return as(run, adult, `/api/app/portal/absences/${reported.body.id ?? 'abs_unknownabsence000000'}/withdraw`, { body: {} })
  }, (answer) => {
    expect(answer.status).toBe(200)
    expect(answer.body.withdrawnAt).toMatch(/Z$/)
  }, { status: 403, code: 'standing_withheld' }),
  // The register finds each child missing in a period of the adult's own, so no adult's explanation answers another's.
  'absences/unexplained/[id]/explain.post.ts': perChild('attendance', async (run, adult, child) => {
    const id = await unexplainedFor(run, adult, child)
    return oneUploadAtATime(() => as(run, adult, `/api/app/portal/absences/unexplained/${id}/explain`, { body: { reason: 'illness' } }))
  }, (answer) => {
    expect(answer.status).toBe(201)
  }, { status: 403, code: 'standing_withheld' }),
  'data-check.get.ts': list('/api/app/portal/data-check', 'details', body => body.children.map((entry: { child: { id: string } }) => entry.child.id)),
  // Confirmed before the corrections below: an adult asked confirms once; one the check does not ask is told it asks them nothing.
  'data-check/confirm.post.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/data-check/confirm', { body: { checkId: run.swept.checkId } })
    if (run.verdicts.shown(adult, 'details').length) expect(answer.status, `${adult} confirms`).toBe(200)
    else expectEnvelope(answer, 404, 'not_found')
    return [answer]
  },
  'data-check/corrections.post.ts': perChild('details', (run, adult, child) => as(run, adult, '/api/app/portal/data-check/corrections', {
    body: { checkId: run.swept.checkId, children: [{ childId: child, collectors: [{ name: 'Sweep Collector', phone: '+61 400 999 000' }] }] }
  }), (answer) => {
    expect(answer.status).toBe(201)
    expect(answer.body.state).toBe('corrected')
  }, { status: 403, code: 'standing_withheld' }),
  'data.get.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/data')
    expect(answer.status).toBe(200)
    expect(sorted(answer.body.readBy.map((entry: { person: { id: string } }) => entry.person.id)))
      .toEqual(sorted([adult, ...run.verdicts.shown(adult, 'details')]))
    return [answer]
  },
  'data/download.get.ts': async (run, adult) => {
    const json = await as(run, adult, '/api/app/portal/data/download?format=json')
    expect(json.status).toBe(200)
    expect(sorted(json.body.children.map((child: { id: string }) => child.id))).toEqual(sorted(run.verdicts.shown(adult, 'details')))
    const { applied } = await appliedFor(run, adult)
    expect(sorted(json.body.adult.applications.map((row: { studentId: string }) => row.studentId)))
      .toEqual(sorted(applied.filter(child => run.verdicts.shows(adult, child, 'applications'))))
    const csv = await as(run, adult, '/api/app/portal/data/download?format=csv')
    expect(csv.status).toBe(200)
    return [json, csv]
  },
  // The swept school sent no subject access answer: every adult finds any id unknown (tests/e2e/api/app/subject-access.test.ts sends one).
  'data/answers/[id].get.ts': async (run, adult) => {
    const answer = await as(run, adult, '/api/app/portal/data/answers/sar_notsenttoanyone')
    expectEnvelope(answer, 404, 'not_found')
    return [answer]
  }
}

/** Routes that write what changes later verdicts: called after every other route. */
const sweepLast = new Set(['tours/[id]/bookings.post.ts'])

/** Year levels of the swept children on the roll, for an ask and a message that reach all of them. */
async function yearsOf(school: School, children: string[], today: string) {
  const rows = await school.database.db.select({
    personId: affiliations.personId, yearLevel: affiliations.yearLevel, validFrom: affiliations.validFrom, validTo: affiliations.validTo
  }).from(affiliations)
    .where(and(eq(affiliations.schoolId, school.id), eq(affiliations.kind, 'student'), inArray(affiliations.personId, children)))
  return [...new Set(rows.filter(row => row.validFrom <= today && (!row.validTo || row.validTo >= today)).map(row => `year:${row.yearLevel}`))]
}

/** What every school in the sweep needs besides its families: an ask and a message to every year swept, and a tour to book. */
async function withAskMessageAndTour(base: Omit<Swept, 'askId' | 'messageId' | 'tourId' | 'checkId'>): Promise<Swept> {
  const office = (await staffSession(base.school, 'office')).cookie
  const staff = (path: string, body: unknown) => callApi(path, { headers: { cookie: office }, body })
  const audience = await yearsOf(base.school, base.children, base.today)
  const purpose = (await staff('/api/app/consents/purposes', { name: 'Sweep outing', aboutNamedThing: true, lasting: 'each_occasion' })).body.id
  const ask = await staff('/api/app/consents/asks', { purposeId: purpose, subject: 'Sweep', audience, closesOn: '2099-12-31', answeredBy: 'every_adult' })
  expect(ask.status).toBe(201)
  const message = await staff('/api/app/messages', { subject: 'Sweep', body: 'To every family.', audience })
  expect(message.status).toBe(201)
  const check = await staff('/api/app/data-checks', { audience: 'school', closesOn: '2099-12-31' })
  expect(check.status).toBe(201)
  return { ...base, askId: ask.body.id, messageId: message.body.id, tourId: await addTour(base.school, { capacity: 500 }), checkId: check.body.id }
}

/**
 * The test families (seedPortalFamilies) and, beside them: a child whose seven parents are each named by
 * a court order for one purpose; an applicant and an enquirer for children with no responsibility on
 * file, and another of each whose child a flag or an order keeps from them; applications the separated
 * and unsafe parents are named on; another school's child and an unknown id.
 */
async function testFamilies(): Promise<Omit<Swept, 'askId' | 'messageId' | 'tourId' | 'checkId'>> {
  const school = await newSchool({ name: 'Portal Sweep School' })
  const other = await newSchool({ name: 'Portal Sweep Elsewhere' })
  const families = await seedPortalFamilies(school)
  const elsewhere = await seedPortalFamilies(other)
  const ordered = await writeChanges(school.context, async (tx, changes) => {
    const child = await insertPerson(tx, changes, school.id, { familyName: 'Orders', givenNames: 'Kahu', dateOfBirth: '2016-03-03' })
    await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
    const parents: Record<string, string> = {}
    for (const purpose of courtOrderPurposes) {
      parents[purpose] = await insertPerson(tx, changes, school.id, { familyName: 'Orders', givenNames: `Parent ${purpose}` })
      await insertParentalResponsibility(
        tx, changes, school.school, { adultId: parents[purpose], childId: child, relationship: 'parent', validFrom: '2016-03-03', validTo: null }
      )
    }
    const applicants = []
    for (const name of ['Applicant', 'Flagged applicant', 'Enquirer', 'Ordered enquirer']) applicants.push(
      await insertPerson(tx, changes, school.id, { familyName: 'Prospective', givenNames: name })
    )
    return { child, parents, applicants: applicants as [string, string, string, string] }
  })
  for (const purpose of courtOrderPurposes) {
    await recordCourtOrder(
      school.context, ordered.child,
      { kind: 'parenting_order', restrainedPersonId: ordered.parents[purpose]!, purposes: [purpose], validFrom: families.lastMonth, validTo: null }
    )
  }
  const [applicant, flaggedApplicant, enquirer, orderedEnquirer] = ordered.applicants
  const placement = { yearLevel: '1', entryYear: 2027 }
  const applied = await submitApplication(
    school.context,
    { student: { familyName: 'Prospective', givenNames: 'Ari', dateOfBirth: '2021-02-02' }, adults: [{ personId: applicant }], placement }
  )
  const flagged = await submitApplication(
    school.context,
    { student: { familyName: 'Prospective', givenNames: 'Bea', dateOfBirth: '2021-03-03' }, adults: [{ personId: flaggedApplicant }], placement }
  )
  await recordProtectionFlag(school.context, flagged.studentId, { kind: 'child_protection', validFrom: families.lastMonth })
  const tourId = await addTour(school, { title: 'Sweep morning' })
  const bookedChild = async (adult: string, givenNames: string) => {
    const booking = await bookTourFromPortal(school.context, adult, tourId, { student: { familyName: 'Prospective', givenNames } })
    const [row] = await school.database.db.select({ childId: enquiries.studentId }).from(enquiries).where(eq(enquiries.id, booking.enquiryId))
    return row!.childId
  }
  const booked = await bookedChild(enquirer, 'Cody')
  const orderedBooked = await bookedChild(orderedEnquirer, 'Dana')
  await recordCourtOrder(
    school.context, orderedBooked,
    { kind: 'parenting_order', restrainedPersonId: orderedEnquirer, purposes: [...courtOrderPurposes], validFrom: families.lastMonth, validTo: null }
  )
  // Applications naming the parents a flag or an order keeps from the child: they must see neither.
  await submitApplication(school.context, {
    student: { personId: families.tama }, adults: [{ personId: families.resident }, { personId: families.separated }],
    placement: { yearLevel: '4', entryYear: 2027 }
  })
  await submitApplication(school.context, {
    student: { personId: families.mere }, adults: [{ personId: families.safe }, { personId: families.unsafe }],
    placement: { yearLevel: '4', entryYear: 2027 }
  })
  const adults = [
    families.mother, families.father, families.resident, families.separated, families.safe, families.unsafe, families.former, families.guardian,
    families.staffParent,
    ...Object.values(ordered.parents), applicant, flaggedApplicant, enquirer, orderedEnquirer
  ]
  const staffEmail = uniqueEmail('staff-parent')
  await ownStaffRecord(school, families.staffParent, staffEmail)
  await addStaffAccount(school.context, { email: staffEmail, role: 'teacher', personId: families.staffParent })
  const cookies = new Map<string, string>()
  for (const adult of adults) cookies.set(adult, (await familySession(school, adult, adult === families.staffParent ? { email: staffEmail } : {})).cookie)
  const children = [
    families.aroha, families.tama, families.mere, families.rua, families.wiremu, ordered.child, applied.studentId, flagged.studentId, booked,
    orderedBooked, elsewhere.aroha, 'per_unknownchild000000000'
  ]
  return { school, today: families.today, adults, children, cookies }
}

/** The demo school's portal families (demo-portal-families.ts), who already hold family access. */
async function demoFamilies(): Promise<Omit<Swept, 'askId' | 'messageId' | 'tourId' | 'checkId'>> {
  const school = await newSchool({ name: 'Portal Sweep Demo' })
  const families = await seedDemoPortalFamilies(school.context)
  const adults = [
    ...families.shared.adults, families.separated.resident, families.separated.restrained, families.protectedChild.safe,
    families.protectedChild.other, families.endedCarer.ended, families.endedCarer.parent, families.staffParent.adult
  ]
  const cookies = new Map<string, string>()
  for (const adult of adults) cookies.set(adult, (await familySession(school, adult)).cookie)
  const children = [
    ...families.shared.children, families.separated.child, families.protectedChild.child, families.endedCarer.child, families.staffParent.child,
    'per_unknownchild000000000'
  ]
  return { school, today: todayInZone(school.school.timeZone), adults, children, cookies }
}

describe.each([['the test families', testFamilies], ['the demo\'s portal families', demoFamilies]])('the portal sweep over %s: every adult, every child, '
  + 'every route, against standing', (_, seed) => {
  let run: Run

  beforeAll(async () => {
    const swept = await withAskMessageAndTour(await seed())
    const verdicts = new Verdicts(swept)
    await verdicts.load()
    run = { swept, verdicts, refusals: new Map() }
  })

  it('sweeps every portal route the server has: a new route fails here until it is added', () => {
    expect(Object.keys(sweeps).sort()).toEqual(routeFiles())
  })

  it('answers every adult on every route as standing decides, never naming a child withheld from them, with one refusal body per code', async () => {
    const order = [...Object.keys(sweeps).filter(file => !sweepLast.has(file)), ...sweepLast]
    const sweepAdult = async (adult: string) => {
      const hidden = run.verdicts.hidden(adult)
      for (const file of order) {
        for (const answer of await sweeps[file]!(run, adult)) {
          const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
          for (const child of hidden) expect(text, `${adult} ${file} names ${child}`).not.toContain(child)
        }
      }
    }
    // A few adults at a time: each one's calls stay in order, and no adult's writes change another's verdicts.
    const waiting = [...run.swept.adults]
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let adult = waiting.shift(); adult; adult = waiting.shift()) await sweepAdult(adult)
    }))
    for (const [code, bodies] of run.refusals) {
      expect(bodies.length, code).toBeGreaterThan(run.swept.adults.length)
      for (const body of bodies) expect(body, code).toEqual(bodies[0])
    }
  })

  it('covers every case: each purpose is both shown and withheld somewhere in the school', () => {
    for (const purpose of ['details', 'contact', 'billing', 'applications', 'consents', 'messages', 'attendance'] as const) {
      const verdicts = new Set(run.swept.adults.flatMap(adult => run.swept.children.map(child => run.verdicts.shows(adult, child, purpose))))
      expect([...verdicts].sort(), purpose).toEqual([false, true])
    }
  })
})
