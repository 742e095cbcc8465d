import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm'
import { academicSessions, affiliations, campuses, people } from '../../../db/schema'
import type { StandingPurpose } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { isInForceOn } from '../days/in-force'
import { assertStanding, standingWithheld } from '../access/standing'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/**
 * The child's names once standing grants the purpose on the day; `standing_withheld`, the one answer,
 * otherwise, and for a child whose record was deleted too.
 */
export async function childWithStanding(ctx: ReadContext, adultId: string, childId: string, purpose: StandingPurpose, day: string) {
  await assertStanding(ctx, adultId, childId, purpose, day)
  const [child] = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), eq(people.id, childId), isNull(people.deletedAt)))
  if (!child) throw standingWithheld()
  return child
}

/** The school's key dates a family plans by: its school years and terms still running on the day or to come, soonest first. */
async function keyDates(ctx: ReadContext, day: string) {
  return ctx.database.db.select({
    title: academicSessions.title, kind: academicSessions.kind, startsOn: academicSessions.startsOn, endsOn: academicSessions.endsOn
  })
    .from(academicSessions)
    .where(and(eq(academicSessions.schoolId, ctx.school.id), gte(academicSessions.endsOn, day)))
    .orderBy(asc(academicSessions.startsOn), asc(academicSessions.endsOn), asc(academicSessions.title))
}

/**
 * A child on the portal's Children page, for an adult with `details` standing on the day: names, the
 * year level and campus of their student span in force on the day, and the school's key dates. Nothing
 * else: the family knows the date of birth, and everything more is the school's to hold.
 */
export async function portalChild(ctx: ReadContext, adultId: string, childId: string, day: string) {
  const child = await childWithStanding(ctx, adultId, childId, 'details', day)
  const spans = await ctx.database.db.select({
    validFrom: affiliations.validFrom, validTo: affiliations.validTo, yearLevel: affiliations.yearLevel, campus: campuses.name
  })
    .from(affiliations)
    .leftJoin(campuses, eq(campuses.id, affiliations.campusId))
    .where(and(eq(affiliations.schoolId, ctx.school.id), eq(affiliations.personId, childId), eq(affiliations.kind, 'student')))
    .orderBy(desc(affiliations.validFrom))
  const current = spans.find(span => isInForceOn(span, day))
  return { child, yearLevel: current?.yearLevel ?? null, campus: current?.campus ?? null, keyDates: await keyDates(ctx, day) }
}
