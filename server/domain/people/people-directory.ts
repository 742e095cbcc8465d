import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { affiliations, campuses, nameSearchKeyColumns, parentalResponsibilities, people } from '../../../db/schema'
import type { AffiliationKind } from '../../../shared/vocabulary'
import type { DirectoryGroup } from '../../../shared/schemas/people-directory'
import type { DomainContext } from '../shared/context'
import { todayInZone } from '../days/clock'
import { inForceOn } from '../days/in-force'
import { afterPosition, keysetSlice } from '../shared/keyset-slice'
import { alumniRoll } from '../alumni/alumni-roll'
import { nameKeyMatches, nameSearchPrefixes, prefixEnd } from './name-key'

export interface DirectoryRequest {
  limit: number
  /** The `[nameKey, id]` of the last person of the previous page. */
  after?: [string, string]
  /** A name as typed: family or given names first, any case, with or without accents and apostrophes. */
  search?: string
  bornOn?: string
  group?: DirectoryGroup
  /** Current students at this year level. */
  yearLevel?: string
  /** Current students at this campus. */
  campusId?: string
}

/** The affiliation kind each group holds in force today; alumni and carers are told otherwise. */
const groupKinds: Partial<Record<DirectoryGroup, AffiliationKind>> = { students: 'student', staff: 'staff_member', applicants: 'applicant' }

interface DirectoryRow { id: string, familyName: string, givenNames: string, dateOfBirth: string | null, nameKey: string }

/** A search key's range of the prefix: a key starts with the prefix exactly when it falls in it. */
function keyRange(key: SQL, prefix: string): SQL {
  return sql`${key} >= ${prefix} and ${key} < ${prefix + prefixEnd}`
}

function studentSpanToday(today: string, request: DirectoryRequest): SQL | undefined {
  if (request.yearLevel === undefined && request.campusId === undefined) return undefined
  return sql`exists (select 1 from ${affiliations} where ${and(
    eq(affiliations.personId, people.id), eq(affiliations.kind, 'student'), inForceOn(affiliations, today),
    request.yearLevel === undefined ? undefined : eq(affiliations.yearLevel, request.yearLevel),
    request.campusId === undefined ? undefined : eq(affiliations.campusId, request.campusId)
  )})`
}

function inGroup(today: string, group: DirectoryGroup | undefined): SQL | undefined {
  if (!group) return undefined
  const kind = groupKinds[group]
  if (kind) {
    return sql`exists (select 1 from ${affiliations} where ${and(
      eq(affiliations.personId, people.id), eq(affiliations.kind, kind), inForceOn(affiliations, today)
    )})`
  }
  return sql`exists (select 1 from ${parentalResponsibilities} where ${and(
    eq(parentalResponsibilities.adultId, people.id), inForceOn(parentalResponsibilities, today)
  )})`
}

/**
 * One page of the school's people as the directory lists them, in name order: searched by name as
 * typed (name-key.ts says how a search matches) and by date of birth, narrowed to a group (current
 * students, staff, applicants, carers, or alumni under the school's rule) and to current students of a
 * year level or campus. Each person comes with what they are today.
 */
export async function listDirectory(ctx: DomainContext, request: DirectoryRequest) {
  const today = todayInZone(ctx.school.timeZone)
  const prefixes = request.search === undefined ? [] : nameSearchPrefixes(request.search)
  const rows = request.group === 'alumni' ? await alumniPage(ctx, today, request, prefixes) : await directoryPage(ctx, today, request, prefixes)
  const page = keysetSlice(rows, request.limit, row => row, (last): [string, string] => [last.nameKey, last.id])
  const now = await whatTheyAreToday(ctx, today, page.items.map(row => row.id))
  return {
    items: page.items.map(row => ({
      id: row.id, familyName: row.familyName, givenNames: row.givenNames, dateOfBirth: row.dateOfBirth,
      affiliations: now.spans.get(row.id) ?? [],
      carer: now.carers.has(row.id)
    })),
    next: page.next
  }
}

/**
 * The directory's query for every group but alumni (exported so a test can read how the database runs
 * it). A search is one index range per prefix and search key, each read with every other condition and
 * joined by `union`, so the database reads the ranges, never the whole table.
 */
export function directoryPage(
  { database, school }: Pick<DomainContext, 'database' | 'school'>, today: string, request: DirectoryRequest, prefixes: readonly string[]
) {
  const after = request.after
  const rowsWhere = (name?: SQL) => database.db
    .select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames, dateOfBirth: people.dateOfBirth, nameKey: people.nameKey })
    .from(people)
    .where(and(
      eq(people.schoolId, school.id),
      name,
      isNull(people.deletedAt),
      request.bornOn === undefined ? undefined : eq(people.dateOfBirth, request.bornOn),
      inGroup(today, request.group),
      studentSpanToday(today, request),
      afterPosition(people.nameKey, people.id, after)
    ))
  if (prefixes.length === 0) return rowsWhere().orderBy(asc(people.nameKey), asc(people.id)).limit(request.limit + 1)
  const [first, ...rest] = prefixes.flatMap(prefix =>
    [nameSearchKeyColumns.familyFirst(people.nameKey), nameSearchKeyColumns.givenFirst(people.nameKey)].map(key => rowsWhere(keyRange(key, prefix))))
  // Each arm is its own query; `union` also drops a person two ranges both found.
  let matched = first!.union(rest[0]!)
  for (const arm of rest.slice(1)) matched = matched.union(arm) as typeof matched
  return matched.orderBy(asc(people.nameKey), asc(people.id)).limit(request.limit + 1)
}

/**
 * Alumni come from the alumni roll (kept in memory, in name order, under the school's rule), so the
 * rule is written once; the search applies to it in memory, the date of birth through its index.
 */
async function alumniPage(ctx: DomainContext, today: string, request: DirectoryRequest, prefixes: string[]): Promise<DirectoryRow[]> {
  // A current student is not an alumnus: a year level or campus leaves no one.
  if (request.yearLevel !== undefined || request.campusId !== undefined) return []
  const bornThen = request.bornOn === undefined
    ? undefined
    : new Set((await ctx.database.db.select({ id: people.id }).from(people)
        .where(and(eq(people.schoolId, ctx.school.id), eq(people.dateOfBirth, request.bornOn)))).map(row => row.id))
  const after = request.after
  const picked = []
  for (const entry of await alumniRoll(ctx, today)) {
    if (after && (entry.nameKey < after[0] || (entry.nameKey === after[0] && entry.id <= after[1]))) continue
    if (prefixes.length && !nameKeyMatches(entry.nameKey, prefixes)) continue
    if (bornThen && !bornThen.has(entry.id)) continue
    picked.push(entry)
    if (picked.length > request.limit) break
  }
  if (picked.length === 0) return []
  const births = new Map((await ctx.database.db.select({ id: people.id, dateOfBirth: people.dateOfBirth }).from(people)
    .where(inArray(people.id, picked.map(entry => entry.id)))).map(row => [row.id, row.dateOfBirth]))
  return picked.map(entry =>
    ({ id: entry.id, familyName: entry.familyName, givenNames: entry.givenNames, nameKey: entry.nameKey, dateOfBirth: births.get(entry.id) ?? null }))
}

/** The page's people's spans in force today (kind, year level, campus) and which of them are carers today. */
async function whatTheyAreToday({ database, school }: DomainContext, today: string, ids: string[]) {
  const spans = new Map<string, { kind: AffiliationKind, yearLevel: string | null, campus: string | null }[]>()
  const carers = new Set<string>()
  if (ids.length === 0) return { spans, carers }
  const [spanRows, carerRows] = await Promise.all([
    database.db
      .select({ personId: affiliations.personId, kind: affiliations.kind, yearLevel: affiliations.yearLevel, campus: campuses.name })
      .from(affiliations)
      .leftJoin(campuses, eq(campuses.id, affiliations.campusId))
      .where(and(eq(affiliations.schoolId, school.id), inArray(affiliations.personId, ids), inForceOn(affiliations, today)))
      .orderBy(asc(affiliations.personId), asc(affiliations.kind), asc(affiliations.validFrom)),
    database.db
      .selectDistinct({ adultId: parentalResponsibilities.adultId })
      .from(parentalResponsibilities)
      .where(and(eq(parentalResponsibilities.schoolId, school.id), inArray(parentalResponsibilities.adultId, ids), inForceOn(parentalResponsibilities, today)))
  ])
  for (const row of spanRows) {
    const list = spans.get(row.personId) ?? []
    list.push({ kind: row.kind, yearLevel: row.yearLevel, campus: row.campus })
    spans.set(row.personId, list)
  }
  for (const row of carerRows) carers.add(row.adultId)
  return { spans, carers }
}
