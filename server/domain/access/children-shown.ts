import { and, eq, inArray, isNull } from 'drizzle-orm'
import { parentalResponsibilities, people } from '../../../db/schema'
import type { StandingPurpose } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { compareText } from '../shared/compare-text'
import { givenFirstKey } from '../people/name-key'
import { namedOnAdmissions } from './named-on-admissions'
import { showsChild, standingOf } from './standing'

/**
 * The children among `childIds` the portal shows the adult for the purpose on the day (showsChild), each
 * decided as standingOf decides: for a list of records already read, such as an adult's applications.
 */
export async function childIdsShown(
  ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, purpose: StandingPurpose, day: string, childIds: Iterable<string>
): Promise<Set<string>> {
  const shown = new Set<string>()
  for (const childId of new Set(childIds)) {
    if (showsChild(await standingOf(ctx, adultId, childId, day), purpose)) shown.add(childId)
  }
  return shown
}

/**
 * The children the portal shows an adult for a purpose on the day (showsChild), in name order: the
 * children they ever held parental responsibility for (and, for `applications`, those an application
 * or a booking names them for: no other purpose is granted without responsibility), each decided as
 * standingOf decides. A child outside it is never named or counted to them.
 */
export async function childrenWithStanding(ctx: Pick<DomainContext, 'database' | 'school'>, adultId: string, purpose: StandingPurpose, day: string) {
  const spans = await ctx.database.db.select({ childId: parentalResponsibilities.childId }).from(parentalResponsibilities)
    .where(and(eq(parentalResponsibilities.schoolId, ctx.school.id), eq(parentalResponsibilities.adultId, adultId)))
  const candidates = [
    ...new Set([...spans.map(span => span.childId), ...purpose === 'applications' ? (await namedOnAdmissions(ctx, { adultId })).map(pair => pair.childId) : []])
  ]
  const granted = await childIdsShown(ctx, adultId, purpose, day, candidates)
  if (!granted.size) return []
  const children = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey })
    .from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, [...granted]), isNull(people.deletedAt)))
  // Given names first: a family's children mostly share the family name.
  return children.map(child => ({ child, key: givenFirstKey(child.nameKey) }))
    .sort((a, b) => compareText(a.key, b.key) || compareText(a.child.id, b.child.id))
    .map(({ child: { nameKey: _, ...child } }) => child)
}
