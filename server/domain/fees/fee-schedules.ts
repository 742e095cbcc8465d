import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { campuses, feeConcessionRules, feeLines, feePeriods, feeScheduleVersions, feeSchedules } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { FieldProblem } from '../../../shared/error-catalogue'
import type { feeDraftInput, feeScheduleInput } from '../../../shared/schemas/fees'
import type { DomainContext } from '../shared/context'
import type { SchoolRef } from '../shared/school-ref'
import { writeChanges } from '../shared/write-changes'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { recordedActor } from '../shared/actor'
import { excerpt } from '../../../shared/excerpt'
import { noticeFeeStatements } from './fee-statement-notice'

/*
 * Fee schedules and their versions (docs/fees.md). A version is a draft, edited freely, until it is
 * published, which fixes it and records who and when. Any later change that names a published
 * version (its lines, its periods, the draft it was) is refused with `schedule_published`, in the
 * write's transaction before anything is written, so nothing is recorded. A correction is a new
 * version, a draft copied from the newest published one, naming it and the day it applies from; it
 * is published in turn.
 */

type ScheduleInput = z.output<typeof feeScheduleInput>
type DraftInput = z.output<typeof feeDraftInput>
type VersionRow = typeof feeScheduleVersions.$inferSelect

/** The version of the school with this id, read inside a write; `not_found` for another school's or none. */
async function requireVersion(tx: Db, school: SchoolRef, versionId: string) {
  const [row] = await tx.select({ version: feeScheduleVersions, schedule: feeSchedules }).from(feeScheduleVersions)
    .innerJoin(feeSchedules, eq(feeSchedules.id, feeScheduleVersions.scheduleId))
    .where(and(eq(feeScheduleVersions.schoolId, school.id), eq(feeScheduleVersions.id, versionId)))
  if (!row) throw domainError('not_found', [`No fee schedule version with the id ${excerpt(versionId)}.`])
  return row
}

/** Refuses any change to a published version: its lines, periods and draft are fixed. */
function refusePublished(version: VersionRow, scheduleName: string) {
  if (version.state === 'published') {
    throw domainError('schedule_published', [
      `Version ${version.number} of "${scheduleName}" was published on ${version.publishedAt!.slice(0, 10)} and cannot change; start a correction (a new version) instead.`
    ])
  }
}

function checkSpan(startsOn: string, endsOn: string, path: string, problems: FieldProblem[]) {
  if (endsOn < startsOn) problems.push({ path: `${path}endsOn`, message: `Ends before it starts (${startsOn}).` })
}

/** Starts a schedule with its first version, an empty draft. */
export function createFeeSchedule(ctx: DomainContext, input: ScheduleInput): Promise<{ id: string, versionId: string }> {
  const problems: FieldProblem[] = []
  checkSpan(input.startsOn, input.endsOn, '', problems)
  if (problems.length) throw domainError('unprocessable', problems.map(p => p.message), { fields: problems })
  return writeChanges(ctx, async (tx, changes) => {
    const id = newId('fsc')
    const versionId = newId('fsv')
    const at = timestampNow()
    const by = recordedActor(ctx.actor)
    await tx.insert(feeSchedules)
      .values({ id, schoolId: ctx.school.id, name: input.name, startsOn: input.startsOn, endsOn: input.endsOn, createdAt: at, createdBy: by })
    await tx.insert(feeScheduleVersions).values({
      id: versionId, schoolId: ctx.school.id, scheduleId: id, number: 1, state: 'draft', replacesVersionId: null, appliesFrom: null, createdAt: at,
      createdBy: by
    })
    changes.record('fee_schedule.created', 'fee_schedules', id)
    return { id, versionId }
  })
}

/** Every problem of a draft's content against its schedule and the school's lists, each by its path. */
async function draftProblems(tx: Db, school: SchoolRef, schedule: typeof feeSchedules.$inferSelect, version: VersionRow, input: DraftInput) {
  const problems: FieldProblem[] = []
  const names = new Set<string>()
  input.periods.forEach((period, i) => {
    checkSpan(period.startsOn, period.endsOn, `periods[${i}].`, problems)
    if (period.startsOn < schedule.startsOn || period.endsOn > schedule.endsOn) {
      problems.push({ path: `periods[${i}]`, message: `Falls outside the schedule (${schedule.startsOn} to ${schedule.endsOn}).` })
    }
    if (names.has(period.name)) problems.push({ path: `periods[${i}].name`, message: `Another period is named "${excerpt(period.name)}".` })
    names.add(period.name)
  })
  const campusIds = new Set((await tx.select({ id: campuses.id }).from(campuses).where(eq(campuses.schoolId, school.id))).map(row => row.id))
  input.lines.forEach((line, i) => {
    if (line.period !== null && !names.has(line.period)) {
      problems.push({ path: `lines[${i}].period`, message: `No period of this draft is named "${excerpt(line.period)}".` })
    }
    line.yearLevels.forEach((level, j) => {
      if (!school.lists.yearLevels.includes(level)) {
        problems.push({ path: `lines[${i}].yearLevels[${j}]`, message: `"${excerpt(level)}" is not one of the school's year levels.` })
      }
    })
    if (line.campusId !== null && !campusIds.has(line.campusId)) problems.push({ path: `lines[${i}].campusId`, message: 'Not a campus of this school.' })
  })
  const rules = new Set<string>()
  input.concessionRules.forEach((rule, i) => {
    const key = `${rule.kind} ${rule.category ?? ''}`
    if (rules.has(key)) {
      problems.push({ path: `concessionRules[${i}]`, message: `A rule for ${rule.kind}${rule.category ? ` on ${rule.category}` : ''} is given twice.` })
    }
    rules.add(key)
  })
  if (version.replacesVersionId === null && input.appliesFrom !== undefined) {
    problems.push({ path: 'appliesFrom', message: 'Only a correction applies from a day; the first version applies to the whole schedule.' })
  }
  if (version.replacesVersionId !== null && input.appliesFrom !== undefined) {
    problems.push(...await appliesFromProblems(tx, schedule, version.replacesVersionId, input.appliesFrom))
  }
  return problems
}

/** A correction's first day lies in its schedule, on or after the day the version it replaces applies from. */
async function appliesFromProblems(tx: Db, schedule: typeof feeSchedules.$inferSelect, replacedId: string, appliesFrom: string): Promise<FieldProblem[]> {
  const [replaced] = await tx.select({ appliesFrom: feeScheduleVersions.appliesFrom, number: feeScheduleVersions.number }).from(feeScheduleVersions)
    .where(eq(feeScheduleVersions.id, replacedId))
  if (appliesFrom < schedule.startsOn || appliesFrom > schedule.endsOn) {
    return [{ path: 'appliesFrom', message: `Falls outside the schedule (${schedule.startsOn} to ${schedule.endsOn}).` }]
  }
  if (replaced?.appliesFrom && appliesFrom < replaced.appliesFrom) {
    return [{ path: 'appliesFrom', message: `Before ${replaced.appliesFrom}, the day version ${replaced.number} applies from.` }]
  }
  return []
}

/** Writes a version's content: its periods, its lines (pointing at those periods) and its concession rules. */
async function writeContent(tx: Db, schoolId: string, versionId: string, input: Pick<DraftInput, 'periods' | 'lines' | 'concessionRules'>) {
  const periodIds = new Map<string, string>()
  if (input.periods.length) {
    await tx.insert(feePeriods).values(input.periods.map((period, position) => {
      const id = newId('fpr')
      periodIds.set(period.name, id)
      return { id, schoolId, versionId, position, name: period.name, kind: period.kind, startsOn: period.startsOn, endsOn: period.endsOn }
    }))
  }
  if (input.lines.length) {
    await tx.insert(feeLines).values(input.lines.map((line, position) => ({
      id: newId('fln'), schoolId, versionId, position, category: line.category, description: line.description, amount: line.amount,
      periodId: line.period === null ? null : periodIds.get(line.period)!, yearLevels: JSON.stringify(line.yearLevels), campusId: line.campusId
    })))
  }
  if (input.concessionRules.length) {
    await tx.insert(feeConcessionRules).values(input.concessionRules.map(rule => ({
      id: newId('fcr'), schoolId, versionId, kind: rule.kind, category: rule.category, percentBasisPoints: rule.percentBasisPoints, amount: rule.amount
    })))
  }
}

async function clearContent(tx: Db, versionId: string) {
  await tx.delete(feeLines).where(eq(feeLines.versionId, versionId))
  await tx.delete(feeConcessionRules).where(eq(feeConcessionRules.versionId, versionId))
  await tx.delete(feePeriods).where(eq(feePeriods.versionId, versionId))
}

/**
 * Replaces a draft's periods, lines and concession rules with `input` (and a correction's first day,
 * when given). A published version is refused with `schedule_published`; nothing is written.
 */
export function editFeeDraft(ctx: DomainContext, versionId: string, input: DraftInput): Promise<void> {
  return writeChanges(ctx, async (tx, changes) => {
    const { version, schedule } = await requireVersion(tx, ctx.school, versionId)
    refusePublished(version, schedule.name)
    const problems = await draftProblems(tx, ctx.school, schedule, version, input)
    if (problems.length) throw domainError('unprocessable', problems.map(p => `${p.path}: ${p.message}`), { fields: problems })
    await clearContent(tx, versionId)
    await writeContent(tx, ctx.school.id, versionId, input)
    if (input.appliesFrom !== undefined) await tx.update(feeScheduleVersions).set({ appliesFrom: input.appliesFrom })
      .where(eq(feeScheduleVersions.id, versionId))
    changes.record('fee_schedule.updated', 'fee_schedules', schedule.id)
  })
}

/**
 * Publishes a draft: it is fixed from now on, and records who published it and when. A draft without
 * periods is refused. Once the publish has committed, its payers are told their statement is ready
 * (noticeFeeStatements, after the commit as sendNotice explains).
 */
export async function publishFeeVersion(ctx: DomainContext, versionId: string): Promise<void> {
  await writeChanges(ctx, async (tx, changes) => {
    const { version, schedule } = await requireVersion(tx, ctx.school, versionId)
    refusePublished(version, schedule.name)
    const [period] = await tx.select({ id: feePeriods.id }).from(feePeriods).where(eq(feePeriods.versionId, versionId)).limit(1)
    if (!period) throw domainError('unprocessable', ['A schedule needs at least one billing period before it is published.'])
    await tx.update(feeScheduleVersions).set({ state: 'published', publishedAt: timestampNow(), publishedBy: recordedActor(ctx.actor) })
      .where(and(eq(feeScheduleVersions.id, versionId), eq(feeScheduleVersions.state, 'draft')))
    changes.record('fee_schedule.updated', 'fee_schedules', schedule.id)
  })
  await noticeFeeStatements(ctx, versionId)
}

/** Discards a draft (a first version's draft takes its schedule with it). A published version is refused with `schedule_published`. */
export function discardFeeDraft(ctx: DomainContext, versionId: string): Promise<void> {
  return writeChanges(ctx, async (tx, changes) => {
    const { version, schedule } = await requireVersion(tx, ctx.school, versionId)
    refusePublished(version, schedule.name)
    await clearContent(tx, versionId)
    await tx.delete(feeScheduleVersions).where(eq(feeScheduleVersions.id, versionId))
    if (version.number === 1) await tx.delete(feeSchedules).where(eq(feeSchedules.id, schedule.id))
    changes.record('fee_schedule.updated', 'fee_schedules', schedule.id)
  })
}

/**
 * Starts a correction of a published version: a new draft, a copy of it, that names it as the version
 * it replaces and applies from `appliesFrom`. Only the newest published version is corrected, and only
 * while no other draft of the schedule is open.
 */
export function startFeeCorrection(ctx: DomainContext, versionId: string, appliesFrom: string): Promise<{ id: string }> {
  return writeChanges(ctx, async (tx, changes) => {
    const { version, schedule } = await requireVersion(tx, ctx.school, versionId)
    if (version.state !== 'published') throw domainError('unprocessable', [`Version ${version.number} is a draft: edit it instead of correcting it.`])
    const versions = await tx.select().from(feeScheduleVersions).where(eq(feeScheduleVersions.scheduleId, schedule.id))
      .orderBy(desc(feeScheduleVersions.number))
    const draft = versions.find(row => row.state === 'draft')
    if (draft) throw domainError('conflict', [`Version ${draft.number} of "${schedule.name}" is already a draft: finish or discard it first.`])
    const newest = versions.find(row => row.state === 'published')!
    if (newest.id !== version.id) {
      throw domainError('conflict', [`Version ${newest.number} is the newest published version of "${schedule.name}": correct that one.`])
    }
    const problems = await appliesFromProblems(tx, schedule, version.id, appliesFrom)
    if (problems.length) throw domainError('unprocessable', problems.map(p => `${p.path}: ${p.message}`), { fields: problems })
    const id = newId('fsv')
    await tx.insert(feeScheduleVersions).values({
      id, schoolId: ctx.school.id, scheduleId: schedule.id, number: versions[0]!.number + 1, state: 'draft',
      replacesVersionId: version.id, appliesFrom, createdAt: timestampNow(), createdBy: recordedActor(ctx.actor)
    })
    await copyContent(tx, ctx.school.id, version.id, id)
    changes.record('fee_schedule.updated', 'fee_schedules', schedule.id)
    return { id }
  })
}

/** Copies a version's periods, lines and rules to another version, with new ids. */
async function copyContent(tx: Db, schoolId: string, fromId: string, toId: string) {
  const [periods, lines, rules] = await Promise.all([
    tx.select().from(feePeriods).where(eq(feePeriods.versionId, fromId)).orderBy(feePeriods.position),
    tx.select().from(feeLines).where(eq(feeLines.versionId, fromId)).orderBy(feeLines.position),
    tx.select().from(feeConcessionRules).where(eq(feeConcessionRules.versionId, fromId))
  ])
  const periodNames = new Map(periods.map(period => [period.id, period.name]))
  await writeContent(tx, schoolId, toId, {
    periods: periods.map(({ name, kind, startsOn, endsOn }) => ({ name, kind, startsOn, endsOn })),
    lines: lines.map(line => ({
      category: line.category, description: line.description, amount: line.amount,
      period: line.periodId === null ? null : periodNames.get(line.periodId)!, yearLevels: JSON.parse(line.yearLevels) as string[], campusId: line.campusId
    })),
    concessionRules: rules.map(({ kind, category, percentBasisPoints, amount }) => ({ kind, category, percentBasisPoints, amount }))
  })
}
