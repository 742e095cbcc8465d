import { and, asc, eq } from 'drizzle-orm'
import { campuses, feeConcessionRules, feeLines, feePeriods, feeScheduleVersions, feeSchedules } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { actorLabels } from '../shared/actor-labels'
import { schoolCurrency } from '../schools/currency'
import { excerpt } from '../../../shared/excerpt'
import { compareText } from '../shared/compare-text'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type VersionRow = typeof feeScheduleVersions.$inferSelect
type PeriodRow = typeof feePeriods.$inferSelect

/** A version as the screens list it, with who made and published it in words. */
function versionSummary(row: VersionRow, labels: Map<string, string>) {
  return {
    id: row.id, number: row.number, state: row.state, replacesVersionId: row.replacesVersionId, appliesFrom: row.appliesFrom,
    createdAt: row.createdAt, createdBy: labels.get(row.createdBy) ?? row.createdBy,
    publishedAt: row.publishedAt, publishedBy: row.publishedBy === null ? null : labels.get(row.publishedBy) ?? row.publishedBy
  }
}

/** The school's fee schedules, newest first, each with its history of versions, first to last. */
export async function listFeeSchedules(ctx: ReadContext) {
  const [schedules, versions, campusRows] = await Promise.all([
    ctx.database.db.select().from(feeSchedules).where(eq(feeSchedules.schoolId, ctx.school.id))
      .orderBy(asc(feeSchedules.startsOn), asc(feeSchedules.name), asc(feeSchedules.id)),
    ctx.database.db.select().from(feeScheduleVersions).where(eq(feeScheduleVersions.schoolId, ctx.school.id)).orderBy(asc(feeScheduleVersions.number)),
    ctx.database.db.select({ id: campuses.id, name: campuses.name }).from(campuses).where(eq(campuses.schoolId, ctx.school.id))
      .orderBy(asc(campuses.name), asc(campuses.id))
  ])
  const labels = await actorLabels(ctx.database.db, ctx.school.id, versions.flatMap(row => [row.createdBy, row.publishedBy]))
  return {
    currency: schoolCurrency(ctx.school),
    choices: { yearLevels: ctx.school.lists.yearLevels, campuses: campusRows },
    schedules: schedules.reverse().map(schedule => ({
      id: schedule.id, name: schedule.name, startsOn: schedule.startsOn, endsOn: schedule.endsOn,
      versions: versions.filter(row => row.scheduleId === schedule.id).map(row => versionSummary(row, labels))
    }))
  }
}

/** A version's whole content, read for computing statements: periods in order, lines, concession rules. */
export async function versionContent(ctx: ReadContext, versionId: string) {
  const [periods, lines, rules] = await Promise.all([
    ctx.database.db.select().from(feePeriods).where(and(eq(feePeriods.schoolId, ctx.school.id), eq(feePeriods.versionId, versionId)))
      .orderBy(asc(feePeriods.position)),
    ctx.database.db.select().from(feeLines).where(and(eq(feeLines.schoolId, ctx.school.id), eq(feeLines.versionId, versionId))).orderBy(asc(feeLines.position)),
    ctx.database.db.select().from(feeConcessionRules)
      .where(and(eq(feeConcessionRules.schoolId, ctx.school.id), eq(feeConcessionRules.versionId, versionId)))
      .orderBy(asc(feeConcessionRules.kind), asc(feeConcessionRules.category))
  ])
  return {
    periods,
    lines: lines.map(line => ({ ...line, yearLevels: JSON.parse(line.yearLevels) as string[] })),
    rules: rules.map(({ kind, category, percentBasisPoints, amount }) => ({ kind, category, percentBasisPoints, amount }))
  }
}

/** A version of the school and its schedule; `not_found` for another school's or an unknown id. */
export async function requireFeeVersion(ctx: ReadContext, versionId: string) {
  const [row] = await ctx.database.db.select({ version: feeScheduleVersions, schedule: feeSchedules }).from(feeScheduleVersions)
    .innerJoin(feeSchedules, eq(feeSchedules.id, feeScheduleVersions.scheduleId))
    .where(and(eq(feeScheduleVersions.schoolId, ctx.school.id), eq(feeScheduleVersions.id, versionId)))
  if (!row) throw domainError('not_found', [`No fee schedule version with the id ${excerpt(versionId)}.`])
  return row
}

/** One version with its periods, lines (naming their period) and concession rules. */
export async function readFeeVersion(ctx: ReadContext, versionId: string) {
  const { version, schedule } = await requireFeeVersion(ctx, versionId)
  const content = await versionContent(ctx, versionId)
  const labels = await actorLabels(ctx.database.db, ctx.school.id, [version.createdBy, version.publishedBy])
  const periodNames = new Map(content.periods.map(period => [period.id, period.name]))
  return {
    ...versionSummary(version, labels),
    scheduleId: schedule.id, scheduleName: schedule.name, startsOn: schedule.startsOn, endsOn: schedule.endsOn,
    currency: schoolCurrency(ctx.school),
    periods: content.periods.map(periodView),
    lines: content.lines.map(line => ({
      id: line.id, category: line.category, description: line.description, amount: line.amount,
      period: line.periodId === null ? null : periodNames.get(line.periodId)!, yearLevels: line.yearLevels, campusId: line.campusId
    })),
    concessionRules: content.rules
  }
}

/** A period as answers show it. */
export function periodView(period: PeriodRow) {
  return { id: period.id, name: period.name, kind: period.kind, startsOn: period.startsOn, endsOn: period.endsOn }
}

/**
 * Which published version charges each period of a schedule: a correction charges its periods that
 * start on or after the day it applies from; a period that starts earlier stays with the version
 * before it (the first version applies from the schedule's start). Periods in order of their first day.
 */
export function periodsInForce<P extends { startsOn: string }>(
  published: readonly { version: Pick<VersionRow, 'id' | 'number' | 'appliesFrom'>, periods: readonly P[] }[]
) {
  const newestFirst = [...published].sort((a, b) => b.version.number - a.version.number)
  const charged: { version: Pick<VersionRow, 'id' | 'number'>, period: P }[] = []
  // The first day a newer version charges from: a period starting on or after it is that version's.
  let takenFrom = '9999-12-31'
  for (const { version, periods } of newestFirst) {
    const from = version.appliesFrom ?? '0000-01-01'
    for (const period of periods) {
      if (period.startsOn >= from && period.startsOn < takenFrom) charged.push({ version, period })
    }
    if (from < takenFrom) takenFrom = from
  }
  return charged.sort((a, b) => compareText(a.period.startsOn, b.period.startsOn) || a.version.number - b.version.number)
}

/** The school's published schedules (or the one `scheduleId` names), each with the periods in force and their content (periodsInForce). */
export async function publishedSchedules(ctx: ReadContext, scheduleId?: string) {
  const rows = await ctx.database.db.select({ version: feeScheduleVersions, schedule: feeSchedules }).from(feeScheduleVersions)
    .innerJoin(feeSchedules, eq(feeSchedules.id, feeScheduleVersions.scheduleId))
    .where(and(
      eq(feeScheduleVersions.schoolId, ctx.school.id), eq(feeScheduleVersions.state, 'published'),
      scheduleId === undefined ? undefined : eq(feeScheduleVersions.scheduleId, scheduleId)
    ))
    .orderBy(asc(feeSchedules.startsOn), asc(feeSchedules.id), asc(feeScheduleVersions.number))
  const contents = new Map(await Promise.all(rows.map(async row => [row.version.id, await versionContent(ctx, row.version.id)] as const)))
  const bySchedule = new Map<string, { schedule: typeof feeSchedules.$inferSelect, versions: VersionRow[] }>()
  for (const row of rows) {
    const entry = bySchedule.get(row.schedule.id) ?? { schedule: row.schedule, versions: [] }
    entry.versions.push(row.version)
    bySchedule.set(row.schedule.id, entry)
  }
  return [...bySchedule.values()].map(({ schedule, versions }) => ({
    schedule,
    periods: periodsInForce(versions.map(version => ({ version, periods: contents.get(version.id)!.periods })))
      .map(entry => ({ ...entry, content: contents.get(entry.version.id)! }))
  }))
}
