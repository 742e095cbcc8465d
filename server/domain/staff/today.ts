import { and, count, countDistinct, eq, gt, gte, inArray, isNull, lt, lte, not, or } from 'drizzle-orm'
import {
  applications, courtOrders, enquiries, people, subjectAccessRequests, syncRuns, tours, webhookDeliveries, webhookSubscriptions
} from '../../../db/schema'
import { absenceDayList } from '../absences/day-list'
import type { ModuleName } from '../../../db/schema'
import type { Capability } from '../access/catalogue'
import { holdsCapability } from '../access/access'
import { moduleSwitch } from '../access/switches'
import { underRestriction } from '../access/withholding'
import { courtOrderInForce } from '../restricted/in-force-rules'
import type { DomainContext } from '../shared/context'
import { currentTime, todayInZone } from '../days/clock'
import { addDays } from '../days/calendar'
import { unreachableAdultCount } from '../notifications/unreachable'

/**
 * How far ahead Today looks, in days: tours this week, starters within a fortnight, court orders ending within a month,
 * subject access requests due within a week (or overdue).
 */
export const todayHorizons = { newEnquiries: 7, tours: 7, starters: 14, courtOrders: 30, givenUpDeliveries: 7, subjectAccess: 7 } as const

/** At most this many children's ids come with the court orders ending soon, each a link to their record. */
const childLinks = 10

/**
 * What needs someone's hand today, counted at once: only the lines the caller's capabilities reach
 * (and the school's modules run); a line that is not theirs is absent, not zero. Every number is the
 * school's own, read from the tables the lists read.
 */
export async function whatNeedsAHand(ctx: DomainContext) {
  const { database: { db }, school } = ctx
  const today = todayInZone(school.timeZone)
  const now = currentTime()
  const may = (capability: Capability, module?: ModuleName) => holdsCapability(ctx, capability) && (!module || moduleSwitch(school, module) !== 'off')
  const restricted = holdsCapability(ctx, 'restricted.read')

  const [
    enquiryCount, applicationCounts, tourCount, starterCount, pausedRuns, failingWebhooks, endingOrders, unreachableAdults, absenceDay, requestsDue
  ] = await Promise.all([
    may('admissions.manage', 'admissions')
      ? db.select({ n: count() }).from(enquiries)
          .where(
            and(eq(enquiries.schoolId, school.id), gte(enquiries.receivedAt, new Date(now.getTime() - todayHorizons.newEnquiries * 86_400_000).toISOString()))
          )
      : undefined,
    may('admissions.manage', 'admissions')
      ? db.select({ state: applications.state, n: count() }).from(applications)
          .where(and(eq(applications.schoolId, school.id), inArray(applications.state, ['submitted', 'offered', 'accepted'])))
          .groupBy(applications.state)
      : undefined,
    may('admissions.manage', 'admissions')
      ? db.select({ n: count() }).from(tours)
          .where(and(
            eq(tours.schoolId, school.id), isNull(tours.cancelledAt), lt(tours.booked, tours.capacity),
            gte(tours.startsAt, now.toISOString()), lt(tours.startsAt, new Date(now.getTime() + todayHorizons.tours * 86_400_000).toISOString())
          ))
      : undefined,
    may('starter.read', 'admissions')
      ? db.select({ n: count() }).from(applications)
          .innerJoin(people, eq(people.id, applications.studentId))
          .where(and(
            eq(applications.schoolId, school.id), inArray(applications.state, ['accepted', 'started']),
            gte(applications.startsOn, today), lte(applications.startsOn, addDays(today, todayHorizons.starters - 1)),
            isNull(people.deletedAt),
            // The starters list shows a protected child only to staff holding restricted.read: so does its count.
            restricted ? undefined : not(underRestriction(db, applications.studentId, today))
          ))
      : undefined,
    may('settings.manage', 'people_sync')
      ? db.select({ n: count() }).from(syncRuns).where(and(eq(syncRuns.schoolId, school.id), eq(syncRuns.status, 'paused')))
      : undefined,
    may('settings.manage', 'webhooks')
      ? db.select({ n: countDistinct(webhookDeliveries.subscriptionId) }).from(webhookDeliveries)
          .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
          .where(and(
            eq(webhookSubscriptions.schoolId, school.id), isNull(webhookSubscriptions.deletedAt),
            or(
              and(eq(webhookDeliveries.status, 'pending'), gt(webhookDeliveries.attempts, 0)),
              and(
                eq(webhookDeliveries.status, 'given_up'),
                gte(webhookDeliveries.lastAttemptAt, new Date(now.getTime() - todayHorizons.givenUpDeliveries * 86_400_000).toISOString())
              )
            )
          ))
      : undefined,
    restricted
      ? db.selectDistinct({ childId: courtOrders.childId, validTo: courtOrders.validTo }).from(courtOrders)
          .where(and(eq(courtOrders.schoolId, school.id), courtOrderInForce(today), lte(courtOrders.validTo, addDays(today, todayHorizons.courtOrders))))
          .orderBy(courtOrders.validTo, courtOrders.childId)
      : undefined,
    may('messages.send') ? unreachableAdultCount(ctx.database, school.id) : undefined,
    // The day list's own counts, so Today and /staff/absences never disagree (and a withheld child is counted as it is listed).
    may('absences.manage', 'people') ? absenceDayList(ctx, { day: today, limit: 1 }) : undefined,
    may('subject_access.manage')
      ? db.select({ n: count() }).from(subjectAccessRequests)
          .where(and(
            eq(subjectAccessRequests.schoolId, school.id), eq(subjectAccessRequests.state, 'open'),
            lte(subjectAccessRequests.deadline, addDays(today, todayHorizons.subjectAccess))
          ))
      : undefined
  ])

  const applicationsIn = (state: string) => applicationCounts?.find(row => row.state === state)?.n ?? 0
  const orderedChildren = endingOrders ? [...new Set(endingOrders.map(row => row.childId))] : []
  return {
    today,
    newEnquiries: enquiryCount?.[0]?.n,
    applications: applicationCounts
      ? { submitted: applicationsIn('submitted'), offered: applicationsIn('offered'), accepted: applicationsIn('accepted') }
      : undefined,
    toursWithPlaces: tourCount?.[0]?.n,
    starters: starterCount?.[0]?.n,
    pausedSyncRuns: pausedRuns?.[0]?.n,
    failingWebhooks: failingWebhooks?.[0]?.n,
    unreachableAdults,
    absences: absenceDay && {
      reported: absenceDay.counts.reported, unexplained: absenceDay.counts.unexplained,
      waitingForAcknowledgement: absenceDay.counts.reported - absenceDay.counts.acknowledged
    },
    subjectAccessDue: requestsDue?.[0]?.n,
    courtOrdersEnding: endingOrders ? { count: orderedChildren.length, childIds: orderedChildren.slice(0, childLinks) } : undefined
  }
}
