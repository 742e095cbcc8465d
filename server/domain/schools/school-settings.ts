import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import {
  affiliations, applicationAdults, applicationEvents, applications, campuses, enquiries, feeScheduleVersions, parentalResponsibilities, schools,
  tours, type SchoolLists
} from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { alumniRules, heldParts, isOneOf, type HeldPart } from '../../../shared/vocabulary'
import type { FieldProblem } from '../../../shared/error-catalogue'
import { domainError, requirePlainLines } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { changedFields, recordActivity } from '../activity/record-activity'
import { isTimeZone } from './create-school'
import { requireSchool, schoolRefFromRow } from './find-school'
import { excerpt } from '../../../shared/excerpt'
import { isCurrencyCode, schoolCurrency } from './currency'
import { peoplePreferring, schoolLanguages } from './school-languages'
import { defaultLanguage, shippedLanguage } from '../../../shared/languages'

/** A school's lists a person edits as plain values (year levels are checked the same way). */
type ValueList = 'channels' | 'relationships' | 'withdrawalReasons' | 'audiences' | 'yearLevels'
const valueLists: readonly ValueList[] = ['yearLevels', 'channels', 'relationships', 'withdrawalReasons', 'audiences']

export interface CampusSetting {
  /** Absent for a campus added now. */
  id?: string
  name: string
  sisCode?: string | null
}

export interface SchoolSettings {
  name?: string
  timeZone?: string
  /** The whole list: a campus left out is removed, one without an id is added. */
  campuses?: CampusSetting[]
  /** In order, lowest first. */
  yearLevels?: string[]
  finalYearLevel?: string
  alumniRule?: SchoolLists['alumniRule']
  /** The parts of a person the school keeps in its student information system; only a people sync changes them. */
  heldElsewhere?: HeldPart[]
  /** ISO 4217: the currency of the school's fee schedules. */
  currency?: string
  /** BCP 47 tags of the shipped languages offered to families; English is offered whether or not it is named. */
  languages?: string[]
  channels?: string[]
  relationships?: string[]
  withdrawalReasons?: string[]
  audiences?: string[]
}

/** The school's settings as Settings → School shows them. */
export async function readSchoolSettings(ctx: DomainContext) {
  const school = await requireSchool(ctx.database, ctx.school.id)
  const rows = await ctx.database.db.select().from(campuses).where(eq(campuses.schoolId, school.id)).orderBy(campuses.name, campuses.id)
  return settingsView(school, rows)
}

function settingsView(school: SchoolRef, campusRows: (typeof campuses.$inferSelect)[]) {
  const { lists } = school
  return {
    id: school.id,
    name: school.name,
    timeZone: school.timeZone,
    campuses: campusRows.map(row => ({ id: row.id, name: row.name, sisCode: row.sisCode })),
    yearLevels: lists.yearLevels,
    finalYearLevel: lists.finalYearLevel,
    alumniRule: lists.alumniRule,
    heldElsewhere: lists.heldElsewhere ?? [],
    currency: schoolCurrency(school),
    languages: schoolLanguages(school),
    channels: lists.channels,
    relationships: lists.relationships,
    withdrawalReasons: lists.withdrawalReasons,
    audiences: lists.audiences
  }
}

/** What Activity shows of the settings: campuses as "name (SIS code)". */
function activityFacts(view: ReturnType<typeof settingsView>) {
  const { id: _id, campuses: campusList, ...rest } = view
  return { ...rest, campuses: campusList.map(campus => campus.sisCode ? `${campus.name} (${campus.sisCode})` : campus.name) }
}

/** How many records use each value: a value still in use cannot leave its list. */
async function valuesInUse(tx: Db, schoolId: string, list: ValueList, values: string[]): Promise<Map<string, number>> {
  const used = new Map<string, number>()
  if (!values.length) return used
  const tally = async (column: SQLiteColumn, ofSchool: SQLiteColumn) => {
    const rows = await tx.select({ value: column, n: count() }).from(column.table)
      .where(and(eq(ofSchool, schoolId), inArray(column, values))).groupBy(column)
    for (const row of rows) used.set(row.value as string, (used.get(row.value as string) ?? 0) + Number(row.n))
  }
  switch (list) {
    case 'channels':
      await tally(enquiries.channel, enquiries.schoolId)
      break
    case 'audiences':
      await tally(tours.audience, tours.schoolId)
      break
    case 'withdrawalReasons':
      await tally(applicationEvents.reason, applicationEvents.schoolId)
      break
    case 'yearLevels':
      await tally(affiliations.yearLevel, affiliations.schoolId)
      await tally(applications.yearLevel, applications.schoolId)
      break
    case 'relationships': {
      await tally(enquiries.relationship, enquiries.schoolId)
      await tally(parentalResponsibilities.relationship, parentalResponsibilities.schoolId)
      const adults = await tx.select({ value: applicationAdults.relationship, n: count() }).from(applicationAdults)
        .innerJoin(applications, eq(applications.id, applicationAdults.applicationId))
        .where(and(eq(applications.schoolId, schoolId), inArray(applicationAdults.relationship, values))).groupBy(applicationAdults.relationship)
      for (const row of adults) used.set(row.value!, (used.get(row.value!) ?? 0) + Number(row.n))
    }
  }
  return used
}

/** How many student spans, tours and applications name each campus. */
async function campusesInUse(tx: Db, schoolId: string, ids: string[]): Promise<Map<string, number>> {
  const used = new Map<string, number>()
  if (!ids.length) return used
  for (const [column, ofSchool] of [
    [affiliations.campusId, affiliations.schoolId], [tours.campusId, tours.schoolId], [applications.campusId, applications.schoolId]
  ] as const) {
    const rows = await tx.select({ id: column, n: count() }).from(column.table).where(and(eq(ofSchool, schoolId), inArray(column, ids))).groupBy(column)
    for (const row of rows) used.set(row.id!, (used.get(row.id!) ?? 0) + Number(row.n))
  }
  return used
}

const listWords: Record<ValueList, string> = {
  yearLevels: 'year level', channels: 'enquiry channel', relationships: 'relationship', withdrawalReasons: 'withdrawal reason', audiences: 'tour audience'
}

/** Trimmed, non-empty, distinct: or a problem beside the list. */
function readValueList(list: ValueList, values: string[], problems: FieldProblem[]): string[] {
  const trimmed = values.map(value => value.trim())
  if (trimmed.length === 0 || trimmed.some(value => !value)) problems.push({ path: list, message: `Keep at least one ${listWords[list]}, none of them blank.` })
  else if (new Set(trimmed).size !== trimmed.length) problems.push({ path: list, message: `Name each ${listWords[list]} once.` })
  return trimmed
}

/**
 * Changes the school's settings: its name, time zone, campuses with their SIS codes, year levels and
 * which is final, who counts as an alumnus, its lists (enquiry channels, relationships, withdrawal
 * reasons, tour audiences) and which parts of a person its SIS keeps. A change that would leave
 * records naming something the school no longer lists (a campus, a list value still in use) is
 * refused, each reason beside its field in `fields`. Recorded in Settings → Activity in the same
 * transaction. Returns the school as it now is.
 */
export async function updateSchoolSettings(ctx: DomainContext, settings: SchoolSettings) {
  const { database } = ctx
  requirePlainLines([
    ['name', settings.name],
    ...valueLists.flatMap(list => (settings[list] ?? []).map((value, i) => [`${list}[${i}]`, value] as const)),
    ...(settings.campuses ?? []).flatMap((campus, i) => [[`campuses[${i}].name`, campus.name], [`campuses[${i}].sisCode`, campus.sisCode]] as const)
  ])
  const problems: FieldProblem[] = []
  const name = settings.name?.trim()
  if (settings.name !== undefined && !name) problems.push({ path: 'name', message: 'A school needs a name.' })
  if (settings.timeZone !== undefined && !isTimeZone(settings.timeZone)) {
    problems.push({ path: 'timeZone', message: `${excerpt(settings.timeZone)} is not an IANA time zone.` })
  }
  if (settings.alumniRule !== undefined && !isOneOf(alumniRules, settings.alumniRule)) {
    problems.push({ path: 'alumniRule', message: `The alumni rule is one of ${alumniRules.join(', ')}.` })
  }
  if (settings.currency !== undefined && !isCurrencyCode(settings.currency)) {
    problems.push({ path: 'currency', message: `${excerpt(settings.currency)} is not an ISO 4217 currency code.` })
  }
  const unknownLanguages = (settings.languages ?? []).filter(tag => !shippedLanguage(tag))
  if (unknownLanguages.length) {
    problems.push({ path: 'languages', message: `Rollbook does not speak ${unknownLanguages.map(tag => `"${excerpt(tag)}"`).join(', ')}.` })
  }
  const unknownParts = (settings.heldElsewhere ?? []).filter(part => !isOneOf(heldParts, part))
  if (unknownParts.length) {
    problems.push({ path: 'heldElsewhere', message: `A school can keep these parts elsewhere: ${heldParts.join(', ')}; not ${unknownParts.join(', ')}.` })
  }
  const newLists: Partial<Record<ValueList, string[]>> = {}
  for (const list of valueLists) {
    if (settings[list] !== undefined) newLists[list] = readValueList(list, settings[list]!, problems)
  }
  const campusNames = (settings.campuses ?? []).map(campus => campus.name.trim().toLowerCase())
  if (settings.campuses?.some(campus => !campus.name.trim())) problems.push({ path: 'campuses', message: 'Every campus needs a name.' })
  else if (new Set(campusNames).size !== campusNames.length) problems.push({ path: 'campuses', message: 'Two campuses have the same name.' })
  if (problems.length) throw domainError('unprocessable', problems.map(p => p.message), { fields: problems })

  await database.transaction(async (tx) => {
    // Read afresh, in the transaction: the context's reference may predate another change of the settings.
    const school = await schoolInTransaction(tx, ctx.school.id)
    const campusRows = await tx.select().from(campuses).where(eq(campuses.schoolId, school.id)).orderBy(campuses.name, campuses.id)
    const before = settingsView(school, campusRows)
    const lists: SchoolLists = { ...school.lists, ...newLists }
    if (settings.finalYearLevel !== undefined) lists.finalYearLevel = settings.finalYearLevel
    if (settings.alumniRule !== undefined) lists.alumniRule = settings.alumniRule
    if (settings.heldElsewhere !== undefined) lists.heldElsewhere = [...new Set(settings.heldElsewhere)]
    if (settings.currency !== undefined) lists.currency = settings.currency
    if (settings.languages !== undefined) {
      lists.languages = schoolLanguages({ lists: { ...lists, languages: [defaultLanguage, ...settings.languages] } })
    }
    if (!lists.yearLevels.includes(lists.finalYearLevel)) {
      problems.push({
        path: 'finalYearLevel',
        message: `The final year level "${excerpt(lists.finalYearLevel)}" is not one of the school's year levels (${lists.yearLevels.join(', ')}).`
      })
    }
    let breaksRecords = false
    for (const list of valueLists) {
      if (!newLists[list]) continue
      const removed = school.lists[list].filter(value => !newLists[list]!.includes(value))
      const used = await valuesInUse(tx, school.id, list, removed)
      if (used.size) {
        breaksRecords = true
        problems.push({
          path: list,
          message: [...used].map(([value, n]) => `"${excerpt(value)}" is still named by ${n} record${n === 1 ? '' : 's'}`).join('; ')
            + `: keep ${used.size === 1 ? 'it' : 'them'} in the list.`
        })
      }
    }
    // A published fee schedule's amounts are in the currency it was published in: a new code would relabel them.
    const currency = schoolCurrency(school)
    if (settings.currency !== undefined && settings.currency !== currency) {
      const [published] = await tx.select({ n: count() }).from(feeScheduleVersions)
        .where(and(eq(feeScheduleVersions.schoolId, school.id), eq(feeScheduleVersions.state, 'published')))
      if (Number(published!.n)) {
        breaksRecords = true
        problems.push({
          path: 'currency',
          message: `${Number(published!.n)} published fee schedule version${Number(published!.n) === 1 ? ' is' : 's are'} in ${currency}: a new currency would relabel their amounts. The currency is set before the first schedule is published.`
        })
      }
    }
    // An adult who prefers a language keeps it until the office or the adult chooses another: the school cannot stop offering it under them.
    if (lists.languages) {
      const dropped = schoolLanguages(school).filter(code => !lists.languages!.includes(code))
      const preferring = await peoplePreferring(tx, school.id, dropped)
      if (preferring.size) {
        breaksRecords = true
        problems.push({
          path: 'languages',
          message: [...preferring].map(([code, n]) => `${n} ${n === 1 ? 'person prefers' : 'people prefer'} ${shippedLanguage(code)!.nativeName} (${code})`)
            .join('; ') + `: keep ${preferring.size === 1 ? 'it' : 'them'}, or change their preferred language first.`
        })
      }
    }
    let campusChange: { removed: string[], added: CampusSetting[], renamed: CampusSetting[] } | undefined
    if (settings.campuses) {
      const known = new Map(campusRows.map(row => [row.id, row]))
      settings.campuses.forEach((campus, i) => {
        if (campus.id !== undefined && !known.has(campus.id)) problems.push({ path: `campuses[${i}].id`, message: 'Not a campus of this school.' })
      })
      const kept = new Set(settings.campuses.flatMap(campus => campus.id ? [campus.id] : []))
      const removed = campusRows.filter(row => !kept.has(row.id)).map(row => row.id)
      const used = await campusesInUse(tx, school.id, removed)
      if (used.size) {
        breaksRecords = true
        problems.push({
          path: 'campuses',
          message: [...used].map(([id, n]) =>
            `${known.get(id)!.name} is still named by ${n} student span${n === 1 ? '' : 's'}, tour${n === 1 ? '' : 's'} or application${n === 1 ? '' : 's'}`)
            .join('; ') + ': it stays.'
        })
      }
      campusChange = { removed, added: settings.campuses.filter(campus => !campus.id), renamed: settings.campuses.filter(campus => campus.id) }
    }
    // A change that would break records is a conflict with them; anything else is a wrong request.
    if (problems.length) throw domainError(breaksRecords ? 'conflict' : 'unprocessable', problems.map(p => p.message), { fields: problems })

    if (campusChange) {
      if (campusChange.removed.length) await tx.delete(campuses).where(and(eq(campuses.schoolId, school.id), inArray(campuses.id, campusChange.removed)))
      for (const campus of campusChange.renamed) {
        await tx.update(campuses).set({ name: campus.name.trim(), sisCode: campus.sisCode?.trim() || null })
          .where(and(eq(campuses.id, campus.id!), eq(campuses.schoolId, school.id)))
      }
      for (const campus of campusChange.added) {
        await tx.insert(campuses).values({ id: newId('cmp'), schoolId: school.id, name: campus.name.trim(), sisCode: campus.sisCode?.trim() || null })
      }
    }
    // Settings change what answers say (the zone moves "today", the rule who is an alumnus), so kept answers go stale with them.
    await tx.update(schools)
      .set({
        name: name ?? school.name, timeZone: settings.timeZone ?? school.timeZone, lists: JSON.stringify(lists),
        dataVersion: sql`${schools.dataVersion} + 1`
      })
      .where(eq(schools.id, school.id))
    const after = settingsView(await schoolInTransaction(tx, school.id), await tx.select().from(campuses).where(eq(campuses.schoolId, school.id))
      .orderBy(campuses.name, campuses.id))
    const changes = changedFields(activityFacts(before), activityFacts(after))
    if (Object.keys(changes).length) {
      await recordActivity(
        tx, ctx,
        { kind: 'school.changed', subjectType: 'school', subjectId: school.id, summary: `School settings changed: ${Object.keys(changes).join(', ')}`, changes }
      )
    }
  })
  return requireSchool(database, ctx.school.id)
}

/** The school as it is inside a write, read afresh: a reference read before may predate another change of its settings. */
export async function schoolInTransaction(tx: Db, schoolId: string) {
  const [row] = await tx.select().from(schools).where(eq(schools.id, schoolId))
  if (!row) throw domainError('not_found', [`No school has the id ${schoolId}.`])
  return schoolRefFromRow(row)
}
