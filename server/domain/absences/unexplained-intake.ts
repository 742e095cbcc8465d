import { and, eq, inArray, sql } from 'drizzle-orm'
import { schools, unexplainedAbsences } from '../../../db/schema'
import type { FieldProblem } from '../../../shared/error-catalogue'
import type { DomainContext } from '../shared/context'
import { domainError, validationFailed } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { timestampNow, todayInZone } from '../days/clock'
import { addDays } from '../days/calendar'
import { isInForceOn } from '../days/in-force'
import { recordedActor } from '../shared/actor'
import { announceOutboxCommit } from '../shared/outbox-signal'
import { slicesOf } from '../../../db/id-slices'
import { absenceDaysAhead } from '../../../shared/schemas/absences'
import { studentSpansOfChildren } from './absence-span'

export interface UnexplainedInput { personId: string, day: string, from?: string, to?: string }

type UnexplainedRow = typeof unexplainedAbsences.$inferSelect

const periodKeyOf = (item: UnexplainedInput) => item.from && item.to ? `${item.from}-${item.to}` : ''
const keyOf = (childId: string, day: string, periodKey: string) => `${childId} ${day} ${periodKey}`

function answerOf(row: UnexplainedRow, isNew: boolean) {
  return {
    id: row.id, personId: row.childId, day: row.day, from: row.fromTime, to: row.toTime, receivedAt: row.receivedAt, new: isNew,
    explained: row.explainedAt !== null
  }
}

/** `validation_failed` for what an item gets wrong in itself: a period's one end without the other, or an end not after its start. */
function checkPeriods(items: readonly UnexplainedInput[]) {
  const problems: FieldProblem[] = []
  items.forEach((item, index) => {
    if ((item.from === undefined) !== (item.to === undefined)) {
      problems.push({ path: `absences[${index}].${item.from === undefined ? 'from' : 'to'}`, message: 'A period needs both `from` and `to`.' })
    } else if (item.from && item.to && item.to <= item.from) {
      problems.push({ path: `absences[${index}].to`, message: 'A period must end after it begins.' })
    }
  })
  if (problems.length) throw validationFailed(problems)
}

/**
 * `unprocessable` naming each item whose child is not on the school's roll that day (or is no person of the
 * school: the same words, so an id of another school tells nothing), or whose day is still to come or more
 * than 60 days gone: the register found a child missing today or on a day lately past.
 */
async function checkOnRollThatDay(ctx: DomainContext, items: readonly UnexplainedInput[], today: string) {
  const spans = await studentSpansOfChildren(ctx.database.db, ctx.school.id, items.map(item => item.personId))
  const earliest = addDays(today, -absenceDaysAhead)
  const problemOf = (item: UnexplainedInput, index: number): FieldProblem | undefined => {
    if (item.day > today) return { path: `absences[${index}].day`, message: `A day still to come (today is ${today} in the school's time zone).` }
    if (item.day < earliest) return { path: `absences[${index}].day`, message: `More than ${absenceDaysAhead} days ago (the earliest is ${earliest}).` }
    if (!(spans.get(item.personId) ?? []).some(span => isInForceOn(span, item.day))) {
      return { path: `absences[${index}].personId`, message: 'Not a child on the school\'s roll that day.' }
    }
    return undefined
  }
  const problems = items.flatMap((item, index) => problemOf(item, index) ?? [])
  if (problems.length) throw domainError('unprocessable', problems.map(problem => `${problem.path}: ${problem.message}`), { fields: problems })
}

/** The school's rows already kept for these keys. */
async function keptRows(db: DomainContext['database']['db'], schoolId: string, items: readonly UnexplainedInput[]) {
  const kept = new Map<string, UnexplainedRow>()
  const days = [...new Set(items.map(item => item.day))]
  for (const slice of slicesOf([...new Set(items.map(item => item.personId))])) {
    const rows = await db.select().from(unexplainedAbsences)
      .where(and(eq(unexplainedAbsences.schoolId, schoolId), inArray(unexplainedAbsences.childId, slice), inArray(unexplainedAbsences.day, days)))
    for (const row of rows) kept.set(keyOf(row.childId, row.day, row.periodKey), row)
  }
  return kept
}

/**
 * The attendance system tells the school of children the register found missing with no report
 * (`POST /api/v1/absences/unexplained`; docs/absences.md, "The loop"). Every item is checked before anything is
 * written, and all are written in one transaction or none. The same child, day and period is one absence and one
 * notice however often it is sent, in one request or over several, by one instance or two at once (a unique key;
 * a row another request wrote first is answered as it stands, `new: false`). The notices are written after the
 * answer by the `absences:notify` queue, so a morning's batch is taken at the route's pace.
 */
export async function recordUnexplainedAbsences(ctx: DomainContext, items: readonly UnexplainedInput[]) {
  checkPeriods(items)
  const today = todayInZone(ctx.school.timeZone)
  await checkOnRollThatDay(ctx, items, today)
  const result = await ctx.database.transaction(async (tx) => {
    // The school's lock, as every write of its data: the data version moves, so a kept answer about these children is not served stale.
    await tx.update(schools).set({ dataVersion: sql`${schools.dataVersion} + 1` }).where(eq(schools.id, ctx.school.id))
    const at = timestampNow()
    const queuedAt = Date.now()
    const fresh = new Map<string, typeof unexplainedAbsences.$inferInsert>()
    for (const item of items) {
      const periodKey = periodKeyOf(item)
      const key = keyOf(item.personId, item.day, periodKey)
      if (fresh.has(key)) continue
      fresh.set(key, {
        id: newId('uab'), schoolId: ctx.school.id, childId: item.personId, day: item.day, fromTime: item.from ?? null, toTime: item.to ?? null, periodKey,
        receivedAt: at, receivedBy: recordedActor(ctx.actor), queuedAt, attempts: 0
      })
    }
    const before = await keptRows(tx, ctx.school.id, items)
    const toWrite = [...fresh.entries()].filter(([key]) => !before.has(key)).map(([, row]) => row)
    if (toWrite.length) await tx.insert(unexplainedAbsences).values(toWrite).onConflictDoNothing()
    const now = toWrite.length ? await keptRows(tx, ctx.school.id, items) : before
    // New for the first item that named it in this request; a repeat, in this request or a later one, is not.
    const written = new Set(toWrite.map(row => row.id))
    const answer = {
      absences: items.map((item) => {
        const row = now.get(keyOf(item.personId, item.day, periodKeyOf(item)))!
        const isNew = written.delete(row.id)
        return answerOf(row, isNew)
      })
    }
    await ctx.withinWrite?.(tx, answer)
    return answer
  })
  announceOutboxCommit(ctx.school.id)
  return result
}
