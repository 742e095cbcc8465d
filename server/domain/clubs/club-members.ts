import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm'
import { clubMembers, people } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { writeChanges } from '../shared/write-changes'

/*
 * Clubs (docs/messages.md, "Clubs"): the school's rowing, choir or chess club, kept as a list of its
 * children, so that messages and asks can name `activity:<name>` (the contract's audience word). A
 * club exists while it has a member; one whose last member leaves is gone, and `activity:<name>` is
 * then unknown. Rows and events keep their stored names, `activity_members` and `activity_member.*`.
 */

/** The school's clubs by name, with how many children are in each. */
export async function listClubs(ctx: Pick<DomainContext, 'database' | 'school'>) {
  const rows = await ctx.database.db.select({ name: clubMembers.club, memberCount: count() }).from(clubMembers)
    .where(eq(clubMembers.schoolId, ctx.school.id)).groupBy(clubMembers.club).orderBy(asc(clubMembers.club))
  return { items: rows.map(row => ({ name: row.name, memberCount: Number(row.memberCount) })) }
}

/**
 * Sets who is in a club: the children named join, those not named leave; an empty list ends the club.
 * The club's members are read inside the write, under the school's lock, so two saves at once are one
 * after the other: the second finds the first's children already in and changes only what differs.
 */
export async function setClub(ctx: DomainContext, name: string, memberIds: string[]) {
  const wanted = [...new Set(memberIds)]
  if (wanted.length) {
    const known = await ctx.database.db.select({ id: people.id }).from(people)
      .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, wanted), isNull(people.deletedAt)))
    const knownIds = new Set(known.map(row => row.id))
    const problems = memberIds.flatMap((id, i) => knownIds.has(id) ? [] : [{ path: `memberIds[${i}]`, message: 'No person with this id at the school.' }])
    if (problems.length) throw validationFailed(problems)
  }
  const unchanged = { name, memberCount: wanted.length, joined: 0, left: 0 }
  try {
    return await writeChanges(ctx, async (tx, changes) => {
      const current = await tx.select({ id: clubMembers.id, personId: clubMembers.personId }).from(clubMembers)
        .where(and(eq(clubMembers.schoolId, ctx.school.id), eq(clubMembers.club, name)))
      const keep = new Set(wanted)
      const leaving = current.filter(row => !keep.has(row.personId))
      const present = new Set(current.map(row => row.personId))
      const joining = wanted.filter(id => !present.has(id))
      if (!leaving.length && !joining.length) throw new NothingToChange()
      if (leaving.length) await tx.delete(clubMembers).where(inArray(clubMembers.id, leaving.map(row => row.id)))
      for (const row of leaving) changes.record('activity_member.deleted', 'activity_members', row.id)
      const at = timestampNow()
      const rows = joining.map(personId => ({ id: newId('acm'), schoolId: ctx.school.id, club: name, personId, createdAt: at }))
      if (rows.length) await tx.insert(clubMembers).values(rows)
      for (const row of rows) changes.record('activity_member.created', 'activity_members', row.id)
      return { name, memberCount: wanted.length, joined: rows.length, left: leaving.length }
    })
  } catch (error) {
    if (error instanceof NothingToChange) return unchanged
    throw error
  }
}

/** A club's children in name order, a page at a time; an unknown club is `not_found`. */
export async function clubMembersPage(ctx: Pick<DomainContext, 'database' | 'school'>, name: string, page: { limit: number, after?: [string, string] }) {
  const rows = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, nameKey: people.nameKey })
    .from(clubMembers).innerJoin(people, eq(people.id, clubMembers.personId))
    .where(and(eq(clubMembers.schoolId, ctx.school.id), eq(clubMembers.club, name), afterPosition(people.nameKey, people.id, page.after)))
    .orderBy(asc(people.nameKey), asc(people.id)).limit(page.limit + 1)
  if (!rows.length && !page.after && !(await clubExists(ctx, name))) throw domainError('not_found', ['No club of this name.'])
  return keysetSlice(
    rows, page.limit, ({ id, familyName, givenNames }) => ({ id, familyName, givenNames }), (last): [string, string] => [last.nameKey, last.id]
  )
}

async function clubExists(ctx: Pick<DomainContext, 'database' | 'school'>, name: string) {
  const [row] = await ctx.database.db.select({ id: clubMembers.id }).from(clubMembers)
    .where(and(eq(clubMembers.schoolId, ctx.school.id), eq(clubMembers.club, name))).limit(1)
  return !!row
}

/** Puts one child in a club, starting the club if it had nobody; a child already in it stays as they were. */
export async function addClubMember(ctx: DomainContext, name: string, personId: string) {
  const [person] = await ctx.database.db.select({ id: people.id }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), eq(people.id, personId), isNull(people.deletedAt)))
  if (!person) throw validationFailed([{ path: 'personId', message: 'No person with this id at the school.' }])
  try {
    return await writeChanges(ctx, async (tx, changes) => {
      // The school's lock is held: an add of the same child that came first has committed by now.
      if (await membership(tx, ctx.school.id, name, personId)) throw new NothingToChange()
      const row = { id: newId('acm'), schoolId: ctx.school.id, club: name, personId, createdAt: timestampNow() }
      await tx.insert(clubMembers).values(row)
      changes.record('activity_member.created', 'activity_members', row.id)
      return { name, memberCount: await memberCount(tx, ctx.school.id, name), joined: 1, left: 0 }
    })
  } catch (error) {
    if (error instanceof NothingToChange) return { name, memberCount: await memberCount(ctx.database.db, ctx.school.id, name), joined: 0, left: 0 }
    throw error
  }
}

/** A write that found nothing to change: it records no event, so it leaves the transaction this way. */
class NothingToChange extends Error {}

async function membership(db: Db, schoolId: string, name: string, personId: string) {
  const [row] = await db.select({ id: clubMembers.id }).from(clubMembers)
    .where(and(eq(clubMembers.schoolId, schoolId), eq(clubMembers.club, name), eq(clubMembers.personId, personId)))
  return row
}

/** Takes one child out of a club; the club ends with its last child. Someone not in it is `not_found`. */
export async function removeClubMember(ctx: DomainContext, name: string, personId: string) {
  return writeChanges(ctx, async (tx, changes) => {
    const present = await membership(tx, ctx.school.id, name, personId)
    if (!present) throw domainError('not_found', ['This person is not in the club.'])
    await tx.delete(clubMembers).where(eq(clubMembers.id, present.id))
    changes.record('activity_member.deleted', 'activity_members', present.id)
    return { name, memberCount: await memberCount(tx, ctx.school.id, name), joined: 0, left: 1 }
  })
}

async function memberCount(db: Db, schoolId: string, name: string) {
  const [row] = await db.select({ count: count() }).from(clubMembers).where(and(eq(clubMembers.schoolId, schoolId), eq(clubMembers.club, name)))
  return Number(row?.count ?? 0)
}
