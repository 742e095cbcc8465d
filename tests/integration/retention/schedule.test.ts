import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { activity, retentionPeriods } from '../../../db/schema'
import { retentionRecordClasses } from '../../../shared/vocabulary'
import { longestRetentionMonths } from '../../../shared/schemas/retention'
import { readRetentionSchedule } from '../../../server/domain/retention/read-retention-schedule'
import { setRetentionPeriod } from '../../../server/domain/retention/set-retention-period'
import { retentionSchedule } from '../../../server/domain/retention/schedule'
import type { RetentionPeriodInput } from '../../../shared/schemas/retention'
import { newSchool } from '../../support/schools'
import { refusal } from '../../support/refusals'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Issue 42 point 1 at the level of its rules, on the database the suite runs on: every class starts at the published
 * schedule's default; a school lengthens freely, shortens only with a reason and never under a floor; each change lands in
 * Activity with the period before and after; another school keeps its own schedule.
 */
describe('retention schedules', () => {
  let school: School
  let other: School
  const periodOf = async (s: School, recordClass: string) =>
    (await readRetentionSchedule(s.context)).classes.find(each => each.recordClass === recordClass)!

  beforeAll(async () => {
    school = await newSchool({ name: 'Retention School' })
    other = await newSchool({ name: 'Retention Elsewhere' })
  })

  it('starts every class at its default, with its trigger, floor and source, in the vocabulary\'s order', async () => {
    const { classes } = await readRetentionSchedule(school.context)
    expect(classes.map(each => each.recordClass)).toEqual([...retentionRecordClasses])
    expect(classes.every(each => each.months === each.defaultMonths && each.changedBy === null && each.changedAt === null)).toBe(true)
    expect(classes.find(each => each.recordClass === 'absences')).toMatchObject({
      trigger: 'created', defaultMonths: 72, floorMonths: 72, mayShorten: false, evidence: 'verified',
      source: expect.stringContaining('SI 2024/208')
    })
    expect(classes.find(each => each.recordClass === 'restricted_records')).toMatchObject({
      trigger: 'date_of_birth', defaultMonths: 900, floorMonths: 300, mayShorten: true
    })
    expect(classes.find(each => each.recordClass === 'enquiries')).toMatchObject({
      trigger: 'closed', source: 'IRMS Information Management Toolkit for Schools (2019)', evidence: 'unverified'
    })
  })

  it('keeps every floor at or under its default, and every default within the longest period', () => {
    for (const rule of Object.values(retentionSchedule)) {
      expect(rule.floorMonths).toBeLessThanOrEqual(rule.defaultMonths)
      expect(rule.defaultMonths).toBeLessThanOrEqual(longestRetentionMonths)
    }
  })

  it('lengthens a period without a reason, and records who set it and when', async () => {
    const set = await setRetentionPeriod(school.context, 'enquiries', { months: 24 })
    expect(set).toMatchObject({ recordClass: 'enquiries', months: 24, reason: null, changedBy: 'the tests' })
    expect(set.changedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(await periodOf(school, 'enquiries')).toMatchObject({ months: 24, defaultMonths: 12 })
  })

  it('refuses a period under the floor, naming the floor beside months, and changes nothing', async () => {
    const refused = await refusal(setRetentionPeriod(school.context, 'restricted_records', { months: 299, reason: 'We want less.' }))
    expect(refused.code).toBe('unprocessable')
    expect(refused.detail).toEqual(['The shortest period for restricted_records is its floor of 300 months.'])
    expect(refused.fields).toEqual([{ path: 'months', message: 'At least 300 months: this class\'s floor.' }])
    expect(await refusal(setRetentionPeriod(school.context, 'absences', { months: 71, reason: 'Shorter.' })))
      .toMatchObject({ code: 'unprocessable', fields: [{ path: 'months' }] })
    expect((await periodOf(school, 'restricted_records')).months).toBe(900)
  })

  it('shortens below the default only with a reason, and keeps the reason', async () => {
    const refused = await refusal(setRetentionPeriod(school.context, 'restricted_records', { months: 600 }))
    expect(refused).toEqual({
      code: 'unprocessable', detail: ['A period shorter than the default of 900 months needs a reason.'],
      fields: [{ path: 'reason', message: 'Say why the period is shorter.' }]
    })
    const set = await setRetentionPeriod(school.context, 'restricted_records', { months: 600, reason: '  Our trust keeps them 50 years after birth.  ' })
    expect(set).toMatchObject({ months: 600, reason: 'Our trust keeps them 50 years after birth.' })
  })

  it.each<[string, unknown]>([
    ['a negative number', { months: -1 }],
    ['a fraction', { months: 12.5 }],
    ['a huge number', { months: Number.MAX_SAFE_INTEGER }],
    ['one past the longest', { months: longestRetentionMonths + 1 }],
    ['a number as text', { months: '12' }],
    ['no number at all', { months: Number.NaN }]
  ])('refuses %s of months, beside the field', async (_, input) => {
    const refused = await refusal(setRetentionPeriod(school.context, 'messages', input as RetentionPeriodInput))
    expect(refused.code).toBe('validation_failed')
    expect(refused.fields.map(field => field.path)).toEqual(['months'])
  })

  it('refuses a reason holding a control character, or one too long, beside the field', async () => {
    const control = await refusal(setRetentionPeriod(school.context, 'messages', { months: 6, reason: 'Because\u0007' }))
    expect(control).toMatchObject({ code: 'validation_failed', fields: [{ path: 'reason', message: 'Contains a control character.' }] })
    const long = await refusal(setRetentionPeriod(school.context, 'messages', { months: 6, reason: 'x'.repeat(501) }))
    expect(long).toMatchObject({ code: 'validation_failed', fields: [{ path: 'reason' }] })
    expect(await refusal(setRetentionPeriod(school.context, 'messages', { months: 6, reason: 'Bad\u202e' })))
      .toMatchObject({ code: 'bad_request', fields: [{ path: 'reason' }] })
  })

  it('refuses a class that is not in the schedule, and a caller without retention.manage', async () => {
    expect(await refusal(setRetentionPeriod(school.context, 'toString' as never, { months: 12 }))).toMatchObject({ code: 'not_found' })
    const clerk = { ...school.context, capabilities: new Set(['person.read'] as const) }
    expect(await refusal(readRetentionSchedule(clerk))).toMatchObject({ code: 'forbidden' })
    expect(await refusal(setRetentionPeriod(clerk, 'messages', { months: 36 }))).toMatchObject({ code: 'forbidden' })
  })

  it('records each change in Activity with the period before and after, and nothing for a period set again as it was', async () => {
    const entries = () => school.database.db.select().from(activity)
      .where(and(eq(activity.schoolId, school.id), eq(activity.kind, 'retention_period.changed')))
    const before = (await entries()).length
    await setRetentionPeriod(school.context, 'webhook_deliveries', { months: 6 })
    await setRetentionPeriod(school.context, 'webhook_deliveries', { months: 6 })
    const recorded = await entries()
    expect(recorded).toHaveLength(before + 1)
    const entry = recorded.find(row => row.subjectId === 'webhook_deliveries')!
    expect(entry).toMatchObject({ actor: 'system:test', subjectType: 'retention_class' })
    expect(JSON.parse(entry.changes!)).toEqual({ months: [3, 6], reason: [null, null] })
    expect(entry.summary).toBe('webhook_deliveries now kept 6 months from created (default 3)')
  })

  it('leaves another school\'s schedule at its defaults', async () => {
    const { classes } = await readRetentionSchedule(other.context)
    expect(classes.every(each => each.months === each.defaultMonths && each.changedBy === null)).toBe(true)
    expect(await other.database.db.select().from(retentionPeriods).where(eq(retentionPeriods.schoolId, other.id))).toEqual([])
  })
})
