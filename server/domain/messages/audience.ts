import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import {
  affiliations, applicationAdults, applications, campuses, classes, classMembers, clubMembers, consentAsks, dataCheckAdults, dataCheckChildren,
  parentalResponsibilities, people, unexplainedAbsences
} from '../../../db/schema'
import type { StandingPurpose } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { inForceOn } from '../days/in-force'
import { holdsResponsibility, showsChild, standingsOfChildren, type Standing } from '../access/standing'
import { slicesOf } from '../../../db/id-slices'
import { unansweredOfAsk } from '../consents/ask-answers'
import { payersOfFeeVersion } from '../fees/read-statements'
import { compareByName } from '../people/name-key'

/*
 * Audiences (docs/messages.md, "Audiences"): groups of children named as `year:<level>`,
 * `class:<code>`, `campus:<code>`, `activity:<name>`, the adults who have not answered an ask
 * (`ask:<id>:unanswered`), and named adults (`adult:<person id>`); and two for the notices Rollbook
 * writes itself, which the office's audience schema does not take: an application's adults
 * (`application:<id>`), the payers of a published fee version's statements (`payers:<version id>`) and the
 * adults of a child the attendance system found absent with no report (`absence:<unexplained absence id>`) and the adults a
 * data check still waits for (`datacheck:<check id>`, or one class's: `datacheck:<check id>:<class code>`).
 * A group resolves to children, each with the adults it may reach (all of the child's adults, or only
 * some); standing on the day then decides who of those may be told. What the office is answered about a
 * named adult never depends on whether standing withholds them (Reach.named, docs/messages.md "Named adults").
 */

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/** A child the audience reaches, and, when not every adult of theirs, which adults. */
interface ChildEntry { childId: string, onlyAdults?: Set<string> }

/** The children (and adults) each group names, the adults named as `adult:<id>`, and the groups nothing answers. */
export interface ResolvedGroups { entries: ChildEntry[], named: Set<string>, unknown: string[] }

const inForceStudents = (school: string, day: string) => and(eq(affiliations.schoolId, school), eq(affiliations.kind, 'student'), inForceOn(affiliations, day))

async function childrenOfGroup(ctx: ReadContext, group: string, day: string): Promise<ChildEntry[] | undefined> {
  const { db } = ctx.database
  const schoolId = ctx.school.id
  const [kind, ...rest] = group.split(':')
  const value = rest.join(':')
  const ids = (rows: { id: string }[]) => rows.map(row => ({ childId: row.id }))
  switch (kind) {
    case 'year': {
      if (!ctx.school.lists.yearLevels.includes(value)) return undefined
      return ids(
        await db.selectDistinct({ id: affiliations.personId }).from(affiliations).where(and(inForceStudents(schoolId, day), eq(affiliations.yearLevel, value)))
      )
    }
    case 'campus': {
      const [campus] = await db.select({ id: campuses.id }).from(campuses)
        .where(and(eq(campuses.schoolId, schoolId), or(eq(campuses.sisCode, value), sql`lower(${campuses.name}) = ${value.toLowerCase()}`)))
      if (!campus) return undefined
      return ids(await db.selectDistinct({ id: affiliations.personId }).from(affiliations)
        .where(and(inForceStudents(schoolId, day), eq(affiliations.campusId, campus.id))))
    }
    case 'class': {
      const [found] = await db.select({ id: classes.id }).from(classes).where(and(eq(classes.schoolId, schoolId), eq(classes.code, value)))
      if (!found) return undefined
      return ids(await db.selectDistinct({ id: classMembers.personId }).from(classMembers)
        .where(and(eq(classMembers.schoolId, schoolId), eq(classMembers.classId, found.id), inForceOn(classMembers, day))))
    }
    case 'activity': {
      const rows = await db.select({ id: clubMembers.personId }).from(clubMembers).where(and(eq(clubMembers.schoolId, schoolId), eq(clubMembers.club, value)))
      return rows.length ? ids(rows) : undefined
    }
    case 'ask': {
      const askId = value.replace(/:unanswered$/, '')
      const [ask] = await db.select({ id: consentAsks.id }).from(consentAsks).where(and(eq(consentAsks.schoolId, schoolId), eq(consentAsks.id, askId)))
      if (!ask) return undefined
      const waiting = await unansweredOfAsk(ctx, askId, day)
      return [...waiting].map(([childId, adults]) => ({ childId, onlyAdults: adults }))
    }
    case 'application': {
      const [application] = await db.select({ childId: applications.studentId }).from(applications)
        .where(and(eq(applications.schoolId, schoolId), eq(applications.id, value)))
      if (!application) return undefined
      const adults = await db.select({ id: applicationAdults.personId }).from(applicationAdults).where(eq(applicationAdults.applicationId, value))
      return [{ childId: application.childId, onlyAdults: new Set(adults.map(adult => adult.id)) }]
    }
    case 'absence': {
      const [absence] = await db.select({ childId: unexplainedAbsences.childId }).from(unexplainedAbsences)
        .where(and(eq(unexplainedAbsences.schoolId, schoolId), eq(unexplainedAbsences.id, value)))
      return absence && [{ childId: absence.childId }]
    }
    case 'datacheck': {
      const [checkId, classCode] = [rest[0] ?? '', rest.length > 1 ? rest.slice(1).join(':') : undefined]
      const rows = await db.select({ childId: dataCheckChildren.childId, adultId: dataCheckChildren.adultId }).from(dataCheckChildren)
        .innerJoin(dataCheckAdults, and(eq(dataCheckAdults.checkId, dataCheckChildren.checkId), eq(dataCheckAdults.adultId, dataCheckChildren.adultId)))
        .where(and(
          eq(dataCheckChildren.schoolId, schoolId), eq(dataCheckChildren.checkId, checkId), eq(dataCheckAdults.state, 'waiting'),
          classCode === undefined ? undefined : eq(dataCheckChildren.classCode, classCode)
        ))
      if (!rows.length) return undefined
      const byChild = new Map<string, Set<string>>()
      for (const row of rows) byChild.set(row.childId, (byChild.get(row.childId) ?? new Set()).add(row.adultId))
      return [...byChild].map(([childId, adults]) => ({ childId, onlyAdults: adults }))
    }
    case 'payers': {
      const payers = await payersOfFeeVersion(ctx, value)
      return payers && [...payers].map(([childId, adults]) => ({ childId, onlyAdults: adults }))
    }
    case 'adult': {
      const [adult] = await db.select({ id: people.id }).from(people).where(and(eq(people.schoolId, schoolId), eq(people.id, value), isNull(people.deletedAt)))
      if (!adult) return undefined
      const spans = await db.selectDistinct({ childId: parentalResponsibilities.childId }).from(parentalResponsibilities)
        .where(and(eq(parentalResponsibilities.schoolId, schoolId), eq(parentalResponsibilities.adultId, value)))
      return spans.map(span => ({ childId: span.childId, onlyAdults: new Set([value]) }))
    }
    default:
      return undefined
  }
}

/** Each group's children on the day; the groups that name nothing the school has, each by name. */
export async function resolveGroups(ctx: ReadContext, groups: readonly string[], day: string): Promise<ResolvedGroups> {
  const entries = new Map<string, ChildEntry>()
  const named = new Set<string>()
  const unknown: string[] = []
  for (const group of [...new Set(groups)]) {
    const found = await childrenOfGroup(ctx, group, day)
    if (!found) {
      unknown.push(group)
      continue
    }
    if (group.startsWith('adult:')) named.add(group.slice('adult:'.length))
    for (const entry of found) {
      const known = entries.get(entry.childId)
      if (!known) entries.set(entry.childId, { childId: entry.childId, onlyAdults: entry.onlyAdults && new Set(entry.onlyAdults) })
      else if (known.onlyAdults) {
        if (!entry.onlyAdults) known.onlyAdults = undefined
        else for (const adult of entry.onlyAdults) known.onlyAdults.add(adult)
      }
    }
  }
  return { entries: [...entries.values()], named, unknown }
}

/** `audience_unknown` naming each group nothing answers: nothing is written. */
export function audienceUnknown(unknown: readonly string[]) {
  return domainError('audience_unknown', unknown.map(group => `Nothing at the school answers to ${group}.`), { data: { groups: [...unknown] } })
}

/** Who an audience reaches for a purpose on the day: the adults, the children, and how many adults standing leaves out. */
export interface Reach {
  /** Adult id → the children through whom they are reached. */
  adults: Map<string, string[]>
  children: Set<string>
  /** Adults holding responsibility for a child of the audience on the day whom standing keeps from being told: a number only. */
  leftOutCount: number
  standings: Map<string, { adultId: string, standing: Standing }[]>
  /**
   * Adults named as `adult:<id>` → the children of the audience they hold responsibility for on the day,
   * whatever standing withholds: what the office is answered about a named adult (namedReach).
   */
  named: Map<string, string[]>
}

/**
 * Standing on the day decides who of each child's adults the audience reaches for `purpose` (showsChild).
 * The adults in `named` (an audience's `adult:<id>`) are also kept with every child of the audience they
 * hold responsibility for, withheld or not (Reach.named).
 */
export async function reachOf(
  ctx: ReadContext, entries: readonly ChildEntry[], purpose: StandingPurpose, day: string, named: ReadonlySet<string> = new Set()
): Promise<Reach> {
  const standings = await standingsOfChildren(ctx, entries.map(entry => entry.childId), day, { applicants: purpose === 'applications' })
  const adults = new Map<string, string[]>()
  const children = new Set<string>()
  const withheld = new Set<string>()
  const namedChildren = new Map<string, string[]>()
  for (const entry of entries) {
    for (const { adultId, standing } of standings.get(entry.childId) ?? []) {
      if (entry.onlyAdults && !entry.onlyAdults.has(adultId)) continue
      if (named.has(adultId) && holdsResponsibility(standing)) namedChildren.set(adultId, [...namedChildren.get(adultId) ?? [], entry.childId])
      if (showsChild(standing, purpose)) {
        adults.set(adultId, [...adults.get(adultId) ?? [], entry.childId])
        children.add(entry.childId)
      } else if (holdsResponsibility(standing)) {
        withheld.add(adultId)
      }
    }
  }
  const leftOutCount = [...withheld].filter(adultId => !adults.has(adultId)).length
  return { adults, children, leftOutCount, standings, named: namedChildren }
}

/** The adults' names, addresses and preferred languages, in name order. */
export async function adultsByName(ctx: ReadContext, adultIds: readonly string[]) {
  type AdultRow = {
    id: string
    familyName: string
    givenNames: string
    email: string | null
    phone: string | null
    nameKey: string
    preferredLanguage: string | null
  }
  const rows: AdultRow[] = []
  for (const slice of slicesOf(adultIds)) {
    rows.push(...await ctx.database.db.select({
      id: people.id, familyName: people.familyName, givenNames: people.givenNames, email: people.email, phone: people.phone, nameKey: people.nameKey,
      preferredLanguage: people.preferredLanguage
    })
      .from(people).where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, slice))))
  }
  return rows.sort(compareByName)
}
