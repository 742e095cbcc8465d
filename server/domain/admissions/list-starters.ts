import { and, asc, eq, gte, inArray, isNull, lte, not } from 'drizzle-orm'
import { applicationAdults, applications, campuses, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { addDays } from '../days/calendar'
import { todayInZone } from '../days/clock'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { validationFailed } from '../shared/domain-error'
import { childrenUnderRestriction, listsRestrictedChildren, underRestriction, type Purpose } from '../access/withholding'
import { schoolCampuses } from './school-campus'

export interface StartersPageRequest {
  limit: number
  /** The `[startsOn, applicationId]` of the last child of the previous page. */
  after?: [string, string]
}

export interface StartersWindow {
  from?: string
  to?: string
}

/** The window asked for: from today, for a year, unless the caller names its days. */
export function startersWindow(today: string, window: StartersWindow) {
  const from = window.from ?? today
  const to = window.to ?? addDays(from, 365)
  if (to < from) throw validationFailed([{ path: 'to', message: `The window ends (${to}) before it begins (${from}).` }])
  return { from, to }
}

/**
 * One page of the children who started, or are due to start, in the window: on an accepted offer or
 * an enrolment (an application `accepted` or `started`), earliest first. A child with an open
 * protection flag or a court order in force today is left out in the query itself, so every page is
 * as full as it would be without them, and their adults come only through the children listed.
 */
export async function listStarters(ctx: DomainContext, request: StartersPageRequest, window: StartersWindow) {
  const { items, ...page } = await startersPage(ctx, request, window, 'handed_on')
  return { ...page, items: items.map(({ restricted: _, ...child }) => child) }
}

/**
 * The starters as the office reads them on its screen: as listStarters, except that a child under
 * restriction today is listed, marked `restricted`, to staff holding `restricted.read` (the access
 * module decides, withholding.ts), and left out for anyone else.
 */
export function listStartersForOffice(ctx: DomainContext, request: StartersPageRequest, window: StartersWindow) {
  return startersPage(ctx, request, window, 'office_list')
}

async function startersPage(ctx: DomainContext, request: StartersPageRequest, window: StartersWindow, purpose: Purpose) {
  const { database, school } = ctx
  const keepsRestricted = listsRestrictedChildren(ctx, purpose)
  const today = todayInZone(school.timeZone)
  const { from, to } = startersWindow(today, window)
  const after = request.after
  const rows = await database.db
    .select({
      applicationId: applications.id, personId: applications.studentId, startsOn: applications.startsOn, yearLevel: applications.yearLevel,
      familyName: people.familyName, givenNames: people.givenNames, dateOfBirth: people.dateOfBirth,
      campus: campuses.name, campusSisCode: campuses.sisCode
    })
    .from(applications)
    .innerJoin(people, eq(people.id, applications.studentId))
    .leftJoin(campuses, eq(campuses.id, applications.campusId))
    .where(and(
      eq(applications.schoolId, school.id),
      inArray(applications.state, ['accepted', 'started']),
      gte(applications.startsOn, from), lte(applications.startsOn, to),
      afterPosition(applications.startsOn, applications.id, after),
      isNull(people.deletedAt),
      keepsRestricted ? undefined : not(underRestriction(database.db, applications.studentId, today))
    ))
    .orderBy(asc(applications.startsOn), asc(applications.id))
    .limit(request.limit + 1)
  const page = keysetSlice(rows, request.limit, row => row, (last): [string, string] => [last.startsOn!, last.applicationId])
  const multiCampus = (await schoolCampuses(database.db, school)).length > 1
  const restricted = keepsRestricted ? await childrenUnderRestriction(ctx, page.items.map(child => child.personId), today) : new Set<string>()
  return {
    items: page.items.map(({ campusSisCode: _, startsOn, ...child }) =>
      ({ ...child, startsOn: startsOn!, started: startsOn! <= today, restricted: restricted.has(child.personId) })),
    adults: await adultsOf(ctx, page.items),
    waiting: multiCampus
      ? page.items.filter(child => !child.campusSisCode).map(child => ({ applicationId: child.applicationId, personId: child.personId, campus: child.campus }))
      : [],
    next: page.next
  }
}

/** The adults of these children's applications, each once, with the children they are sent for, in the order first met. */
async function adultsOf({ database }: DomainContext, children: { applicationId: string, personId: string }[]) {
  if (children.length === 0) return []
  const childOf = new Map(children.map(child => [child.applicationId, child.personId]))
  const rows = await database.db
    .select({
      applicationId: applicationAdults.applicationId, relationship: applicationAdults.relationship,
      personId: people.id, familyName: people.familyName, givenNames: people.givenNames, email: people.email, phone: people.phone
    })
    .from(applicationAdults)
    .innerJoin(people, eq(people.id, applicationAdults.personId))
    .where(and(inArray(applicationAdults.applicationId, [...childOf.keys()]), isNull(people.deletedAt)))
    .orderBy(asc(applicationAdults.applicationId), asc(applicationAdults.position))
  const order = new Map(children.map((child, i) => [child.applicationId, i]))
  rows.sort((a, b) => order.get(a.applicationId)! - order.get(b.applicationId)!)
  const adults = new Map<string, Omit<typeof rows[number], 'applicationId'> & { childIds: string[] }>()
  for (const { applicationId, ...adult } of rows) {
    const entry = adults.get(adult.personId) ?? adults.set(adult.personId, { ...adult, childIds: [] }).get(adult.personId)!
    const childId = childOf.get(applicationId)!
    if (!entry.childIds.includes(childId)) entry.childIds.push(childId)
  }
  return [...adults.values()]
}
