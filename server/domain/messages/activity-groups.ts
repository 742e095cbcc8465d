import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm'
import { activityMembers, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../shared/clock'
import { writeChanges } from '../shared/write-changes'

/*
 * Activity groups (docs/messages.md, "Activities"): the school's rowing, choir or chess club, kept as
 * a list of its children, so that messages and asks can name `activity:<name>`. A group exists while
 * it has a member; one whose last member leaves is gone, and `activity:<name>` is then unknown.
 */

/** The school's activity groups by name, with how many children are in each. */
export async function listActivityGroups(ctx: Pick<DomainContext, 'database' | 'school'>) {
  const rows = await ctx.database.db.select({ name: activityMembers.activity, memberCount: count() }).from(activityMembers)
    .where(eq(activityMembers.schoolId, ctx.school.id)).groupBy(activityMembers.activity).orderBy(asc(activityMembers.activity))
  return { items: rows.map(row => ({ name: row.name, memberCount: Number(row.memberCount) })) }
}

/** Sets who is in an activity group: the children named join, those not named leave; an empty list ends the group. */
export async function setActivityGroup(ctx: DomainContext, name: string, memberIds: string[]) {
  const wanted = [...new Set(memberIds)]
  if (wanted.length) {
    const known = await ctx.database.db.select({ id: people.id }).from(people).where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, wanted), isNull(people.deletedAt)))
    const knownIds = new Set(known.map(row => row.id))
    const problems = memberIds.flatMap((id, i) => knownIds.has(id) ? [] : [{ path: `memberIds[${i}]`, message: 'No person with this id at the school.' }])
    if (problems.length) throw validationFailed(problems)
  }
  const current = await ctx.database.db.select({ id: activityMembers.id, personId: activityMembers.personId }).from(activityMembers)
    .where(and(eq(activityMembers.schoolId, ctx.school.id), eq(activityMembers.activity, name)))
  const keep = new Set(wanted)
  const leaving = current.filter(row => !keep.has(row.personId))
  const present = new Set(current.map(row => row.personId))
  const joining = wanted.filter(id => !present.has(id))
  if (!leaving.length && !joining.length) return { name, memberCount: wanted.length, joined: 0, left: 0 }
  return writeChanges(ctx, async (tx, changes) => {
    if (leaving.length) await tx.delete(activityMembers).where(inArray(activityMembers.id, leaving.map(row => row.id)))
    for (const row of leaving) changes.record('activity_member.deleted', 'activity_members', row.id)
    const at = timestampNow()
    const rows = joining.map(personId => ({ id: newId('acm'), schoolId: ctx.school.id, activity: name, personId, createdAt: at }))
    if (rows.length) await tx.insert(activityMembers).values(rows)
    for (const row of rows) changes.record('activity_member.created', 'activity_members', row.id)
    return { name, memberCount: wanted.length, joined: rows.length, left: leaving.length }
  })
}
