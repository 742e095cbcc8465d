import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { affiliations, billingResponsibilities, campuses, concessions, feeScheduleVersions, people } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { inForceOn, isInForceOn } from '../days/in-force'
import { schoolCurrency } from '../schools/currency'
import { excerpt } from '../../../shared/excerpt'
import { computeStatement } from './compute-statement'
import { periodView, publishedSchedules, requireFeeVersion, versionContent } from './read-fees'

type ReadContext = Pick<DomainContext, 'database' | 'school'>
type Content = Awaited<ReturnType<typeof versionContent>>
type Period = Content['periods'][number]

/** What a student's statements are computed from: their student spans, billing responsibilities and concessions, every span. */
export async function studentBillingFacts(ctx: ReadContext, studentIds: string[]) {
  if (!studentIds.length) return new Map<string, StudentFacts>()
  const [spans, responsibilities, held] = await Promise.all([
    ctx.database.db.select({
      personId: affiliations.personId, validFrom: affiliations.validFrom, validTo: affiliations.validTo, yearLevel: affiliations.yearLevel,
      campusId: affiliations.campusId, campus: campuses.name
    })
      .from(affiliations).leftJoin(campuses, eq(campuses.id, affiliations.campusId))
      .where(and(eq(affiliations.schoolId, ctx.school.id), inArray(affiliations.personId, studentIds), eq(affiliations.kind, 'student'))),
    ctx.database.db.select().from(billingResponsibilities)
      .where(and(eq(billingResponsibilities.schoolId, ctx.school.id), inArray(billingResponsibilities.studentId, studentIds))),
    ctx.database.db.select().from(concessions).where(and(eq(concessions.schoolId, ctx.school.id), inArray(concessions.studentId, studentIds)))
  ])
  return new Map(studentIds.map((id): [string, StudentFacts] => [id, {
    spans: spans.filter(row => row.personId === id),
    responsibilities: responsibilities.filter(row => row.studentId === id),
    concessions: held.filter(row => row.studentId === id)
  }]))
}

interface StudentFacts {
  spans: { validFrom: string, validTo: string | null, yearLevel: string | null, campusId: string | null, campus: string | null }[]
  responsibilities: (typeof billingResponsibilities.$inferSelect)[]
  concessions: (typeof concessions.$inferSelect)[]
}

/** The student's statement for one period of a version, with their place at the school on its first day. */
export function statementOf(facts: StudentFacts, period: Period, content: Content) {
  const placement = facts.spans.find(span => isInForceOn(span, period.startsOn)) ?? null
  const statement = computeStatement({
    period: { id: period.id, startsOn: period.startsOn },
    lines: content.lines,
    placement: placement && { yearLevel: placement.yearLevel, campusId: placement.campusId },
    rules: content.rules,
    concessions: facts.concessions,
    responsibilities: facts.responsibilities
  })
  return { placement: placement && { yearLevel: placement.yearLevel, campus: placement.campus }, statement }
}

async function namesOf(ctx: ReadContext, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string, familyName: string, givenNames: string }>()
  const rows = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), inArray(people.id, ids)))
  return new Map(rows.map(row => [row.id, row]))
}

/**
 * A student's statement for every period of a version, as the office reads it: each category's
 * lines and concessions, and every payer's part, named. `not_found` for a version or a student the
 * school does not have.
 */
export async function studentFeeStatements(ctx: ReadContext, versionId: string, studentId: string) {
  const { version, schedule } = await requireFeeVersion(ctx, versionId)
  const [student] = await ctx.database.db.select({ id: people.id, familyName: people.familyName, givenNames: people.givenNames }).from(people)
    .where(and(eq(people.schoolId, ctx.school.id), eq(people.id, studentId), isNull(people.deletedAt)))
  if (!student) throw domainError('not_found', [`No student with the id ${excerpt(studentId)}.`])
  const [content, facts] = await Promise.all([versionContent(ctx, versionId), studentBillingFacts(ctx, [studentId])])
  const computed = content.periods.map(period => ({ period, ...statementOf(facts.get(studentId)!, period, content) }))
  const names = await namesOf(ctx, [...new Set(computed.flatMap(({ statement }) => statement.payers.map(payer => payer.payerId)))])
  const named = (payerId: string) => names.get(payerId) ?? { id: payerId, familyName: '', givenNames: '' }
  return {
    currency: schoolCurrency(ctx.school),
    student,
    version: { id: version.id, number: version.number, state: version.state, scheduleName: schedule.name },
    periods: computed.map(({ period, placement, statement }) => ({
      period: periodView(period),
      placement,
      categories: statement.categories.map(category => ({
        category: category.category, paidAs: category.paidAs,
        lines: category.lines.map(({ description, amount, reductions, charged }) => ({ description, amount, reductions, charged })),
        total: category.total,
        parts: category.parts.map(part => ({ ...named(part.payerId), share: part.share, amount: part.amount })),
        unassigned: category.unassigned
      })),
      total: statement.total,
      payers: statement.payers.map(payer => ({ ...named(payer.payerId), amount: payer.amount })),
      unassigned: statement.unassigned
    }))
  }
}

/** Students statements are worked out for at a time, in the export. */
const studentsPerBatch = 500

/**
 * The rows of the warehouse's `fee_statements`: for each published schedule's periods in force, each
 * student on the roll on the period's first day, each category charged and each payer's part (one row
 * with no payer for what no responsibility covers). Worked out as the file is written, a batch of
 * students at a time, by the one statement function the screens use.
 */
export async function* feeStatementRows(ctx: ReadContext): AsyncGenerator<Record<string, unknown>> {
  const currency = schoolCurrency(ctx.school)
  for (const { schedule, periods } of await publishedSchedules(ctx)) {
    for (const { version, period, content } of periods) {
      const onRoll = await ctx.database.db.selectDistinct({ id: affiliations.personId }).from(affiliations)
        .innerJoin(people, eq(people.id, affiliations.personId))
        .where(
          and(eq(affiliations.schoolId, ctx.school.id), eq(affiliations.kind, 'student'), inForceOn(affiliations, period.startsOn), isNull(people.deletedAt))
        )
        .orderBy(asc(affiliations.personId))
      for (let start = 0; start < onRoll.length; start += studentsPerBatch) {
        const ids = onRoll.slice(start, start + studentsPerBatch).map(row => row.id)
        const facts = await studentBillingFacts(ctx, ids)
        for (const studentId of ids) {
          const { statement } = statementOf(facts.get(studentId)!, period, content)
          for (const category of statement.categories) {
            const row = {
              scheduleId: schedule.id, versionId: version.id, periodId: period.id, studentId, category: category.category, paidAs: category.paidAs,
              categoryTotal: category.total, currency
            }
            for (const part of category.parts) yield {
              id: `${period.id}.${studentId}.${category.category}.${part.payerId}`, ...row, payerId: part.payerId, share: part.share,
              amount: part.amount
            }
            if (category.unassigned) {
              yield { id: `${period.id}.${studentId}.${category.category}.unassigned`, ...row, payerId: null, share: null, amount: category.unassigned }
            }
          }
        }
      }
    }
  }
}

/**
 * Who pays a part of each student's statement under a published version, in the periods it charges
 * (periodsInForce: a correction charges only those from the day it applies from), by the one statement
 * function the portal's Fees uses: student id → payer ids. Undefined for a version the school does not
 * have published. Standing is not asked here: the portal shows a payer their part only with `billing`
 * standing on the student, and a notice of it asks the same (recipient-standing.ts).
 */
export async function payersOfFeeVersion(ctx: ReadContext, versionId: string): Promise<Map<string, Set<string>> | undefined> {
  const [version] = await ctx.database.db.select({ scheduleId: feeScheduleVersions.scheduleId }).from(feeScheduleVersions)
    .where(and(eq(feeScheduleVersions.schoolId, ctx.school.id), eq(feeScheduleVersions.id, versionId), eq(feeScheduleVersions.state, 'published')))
  if (!version) return undefined
  const [published] = await publishedSchedules(ctx, version.scheduleId)
  const charged = published?.periods.filter(entry => entry.version.id === versionId) ?? []
  const payers = new Map<string, Set<string>>()
  if (!charged.length) return payers
  // A student with no billing responsibility has no payer in any statement.
  const billed = await ctx.database.db.selectDistinct({ id: billingResponsibilities.studentId }).from(billingResponsibilities)
    .innerJoin(people, eq(people.id, billingResponsibilities.studentId))
    .where(and(eq(billingResponsibilities.schoolId, ctx.school.id), isNull(people.deletedAt)))
    .orderBy(asc(billingResponsibilities.studentId))
  for (let start = 0; start < billed.length; start += studentsPerBatch) {
    const ids = billed.slice(start, start + studentsPerBatch).map(row => row.id)
    const facts = await studentBillingFacts(ctx, ids)
    for (const studentId of ids) {
      for (const { period, content } of charged) {
        for (const { payerId } of statementOf(facts.get(studentId)!, period, content).statement.payers) {
          payers.set(studentId, (payers.get(studentId) ?? new Set()).add(payerId))
        }
      }
    }
  }
  return payers
}
