import { campuses } from '../../../../db/schema'
import type { DomainContext } from '../../shared/context'
import { addDays, startOfDayInZone } from '../../days/calendar'
import { todayInZone } from '../../days/clock'
import { newId } from '../../shared/ids'
import { cancelTour, createTour } from '../../admissions/tour-records'
import { bookTour } from '../../admissions/book-tour'
import { submitApplication } from '../../admissions/submit-application'
import { acceptOffer, declineOffer, offerApplication } from '../../admissions/office-steps'
import { recordApplicationEvent } from '../../admissions/record-application-event'
import { enrolStudent } from '../../admissions/enrol-student'
import { schoolCampuses } from '../../admissions/school-campus'
import { recordProtectionFlag } from '../../restricted/protection-flags'
import type { ApplicationState } from '../../../../db/schema'
import { demoFamilyNames, demoGivenNames } from './demo-names'
import type { SeededRandom } from './seeded-random'
import { tourCapacityLimit } from '../../../../shared/schemas/tours'

export interface AdmissionsDemoSummary {
  tours: number
  bookings: number
  applications: number
  enrolments: number
  /** Children who started on an application and have left: former students, so alumni too. */
  leavers: number
  /** People the admissions demo opened (children, adults and enquirers). */
  admissionsPeople: number
  /** A tour with room for every booking a bench can send. */
  openDayTourId: string
}

/** The campuses the demo works with: the school's own, plus one without an SIS code when every campus has one. */
async function demoCampuses(ctx: DomainContext) {
  const rows = await schoolCampuses(ctx.database.db, ctx.school)
  // Campuses are the school's settings, not its data, so they are made as a school is, unannounced.
  const missing = [
    ...(rows.length === 0 ? [{ name: 'Main', sisCode: 'MAIN' }] : []),
    ...(rows.some(campus => !campus.sisCode) ? [] : [{ name: 'Riverside', sisCode: null }])
  ]
  if (missing.length) {
    await ctx.database.transaction(tx => tx.insert(campuses).values(missing.map(campus => ({ id: newId('cmp'), schoolId: ctx.school.id, ...campus }))))
  }
  return (await schoolCampuses(ctx.database.db, ctx.school)).map(campus => campus.name)
}

/**
 * Fills a school's admissions through the same functions the office and the interface use: tours over
 * the coming weeks at each campus (one with a single place left, one full, one cancelled, one past,
 * and a large open day), applications in every state, enrolments due next month (some at a campus
 * without an SIS code, so starters has children waiting), and a protected child among the starters,
 * whose sibling shares a parent.
 */
export async function seedAdmissionsDemo(ctx: DomainContext, random: SeededRandom, students: number): Promise<AdmissionsDemoSummary> {
  const summary = { tours: 0, bookings: 0, applications: 0, enrolments: 0, leavers: 0, admissionsPeople: 0 }
  const { timeZone, lists } = ctx.school
  const today = todayInZone(timeZone)
  const campusNames = await demoCampuses(ctx)
  const at = (day: string, hour: number) => new Date(startOfDayInZone(day, timeZone).getTime() + hour * 3_600_000).toISOString()
  const family = () => random.pick(demoFamilyNames)
  const given = () => random.pick(demoGivenNames)
  const tour = async (title: string, day: string, capacity: number, campus: string) => {
    summary.tours++
    return createTour(ctx, { title, startsAt: at(day, 9.5), venue: 'Front office', capacity, campus, audience: lists.audiences[0] ?? 'families' })
  }
  const book = async (tourId: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const familyName = family()
      await bookTour(ctx, tourId, {
        student: { familyName, givenNames: given() },
        enquirer: { familyName, givenNames: given(), phone: `+61 4${random.integer(10, 99)} ${random.integer(100, 999)} ${random.integer(100, 999)}` }
      })
      summary.bookings++
      summary.admissionsPeople += 2
    }
  }

  for (const [i, campus] of campusNames.entries()) {
    for (const week of [1, 2, 3]) await book(await tour(`${campus} tour`, addDays(today, week * 7 + i), 12, campus), random.integer(0, 4))
  }
  const [first] = campusNames
  await book(await tour('Last place', addDays(today, 4), 8, first!), 7)
  await book(await tour('Fully booked', addDays(today, 5), 4, first!), 4)
  await cancelTour(ctx, await tour('Cancelled tour', addDays(today, 6), 10, first!))
  await tour('Last week\'s tour', addDays(today, -7), 10, first!)
  // Room for the bench's bookings whatever the school's size, within what a tour may hold (`demo --students 20000`).
  const openDayTourId = await tour('Open day on the oval', addDays(today, 60), Math.min(tourCapacityLimit, Math.max(1000, students * 25)), first!)

  const level = () => random.pick(lists.yearLevels)
  const apply = async (
    familyName = family(), dateOfBirth = `${Number(today.slice(0, 4)) - random.integer(5, 15)}-0${random.integer(1, 9)}-1${random.integer(0, 9)}`
  ) => {
    summary.applications++
    summary.admissionsPeople += 2
    return submitApplication(ctx, {
      student: { familyName, givenNames: given(), dateOfBirth, new: true },
      adults: [{ familyName, givenNames: given(), email: `${newId('per').slice(4, 14)}@example.org`, relationship: 'parent', new: true }],
      placement: { yearLevel: level(), entryYear: Number(today.slice(0, 4)) + 1 }
    })
  }
  const nextMonth = addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7)
  const steps: Record<ApplicationState, (id: string) => Promise<unknown>> = {
    submitted: async () => {},
    offered: id => offerApplication(ctx, id, { startsOn: `${nextMonth}-0${random.integer(1, 9)}`, campus: random.pick(campusNames) }),
    accepted: async (id) => {
      await steps.offered(id)
      await acceptOffer(ctx, id)
    },
    declined: async (id) => {
      await steps.offered(id)
      await declineOffer(ctx, id)
    },
    started: async (id) => {
      await acceptOffer(ctx, (await offerApplication(ctx, id, { startsOn: addDays(today, -20) })).id)
      await recordApplicationEvent(ctx, id, { kind: 'started', occurredOn: addDays(today, -20), placement: { campus: random.pick(campusNames) } })
    },
    left: async (id) => {
      await steps.started(id)
      await recordApplicationEvent(ctx, id, { kind: 'withdrawn', occurredOn: addDays(today, -2), reason: random.pick(lists.withdrawalReasons) })
      summary.leavers++
    },
    withdrawn: id => recordApplicationEvent(ctx, id, { kind: 'withdrawn', occurredOn: today, reason: random.pick(lists.withdrawalReasons) })
  }
  for (const [state, step] of Object.entries(steps)) {
    for (let i = 0; i < (state === 'accepted' ? 6 : 2); i++) await step((await apply()).id)
  }

  // A protected child due next month, whose sibling shares a parent: the sibling is listed, the child is not.
  const protectedFamily = family()
  const flagged = await apply(protectedFamily)
  await steps.accepted(flagged.id)
  await recordProtectionFlag(ctx, flagged.studentId, { kind: 'suppressed_details', note: 'Demo: a protected child among the starters.' })
  const sibling = await submitApplication(ctx, {
    student: { familyName: protectedFamily, givenNames: given(), dateOfBirth: `${Number(today.slice(0, 4)) - 9}-03-14`, new: true },
    adults: [{ personId: flagged.adultIds[0]!, relationship: 'parent' }],
    placement: { yearLevel: level(), entryYear: Number(today.slice(0, 4)) + 1 }
  })
  await steps.accepted(sibling.id)
  summary.applications++
  summary.admissionsPeople++

  for (let i = 0; i < Math.max(10, Math.round(students / 10)); i++) {
    const familyName = family()
    await enrolStudent(ctx, {
      student: {
        familyName, givenNames: given(),
        dateOfBirth: `${Number(today.slice(0, 4)) - random.integer(5, 15)}-0${random.integer(1, 9)}-2${random.integer(0, 8)}`, new: true
      },
      carers: [{
        familyName, givenNames: given(), phone: `+61 4${random.integer(10, 99)} ${random.integer(100, 999)} ${String(i).padStart(3, '0')}`,
        relationship: 'parent', new: true
      }],
      yearLevel: level(),
      campus: campusNames[i % campusNames.length],
      startsOn: `${nextMonth}-${String(random.integer(1, 28)).padStart(2, '0')}`
    })
    summary.enrolments++
    summary.admissionsPeople += 2
  }
  return { ...summary, openDayTourId }
}
