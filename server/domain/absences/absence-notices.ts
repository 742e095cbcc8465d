import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import { unexplainedAbsences } from '../../../db/schema'
import type { Database } from '../../../db/client'
import type { ClaimQueue } from '../../../db/claim-rows'
import { intlLocale, type LanguageCode } from '../../../shared/languages'
import type { MessageText } from '../messages/message-version'
import { fillMailWords as fill, mailWords } from '../mail/render-mail'
import { systemContext } from '../shared/context'
import { DomainError } from '../shared/domain-error'
import { logger } from '../shared/log'
import { publicUrl } from '../shared/public-url'
import { timestampNow } from '../days/clock'
import { sendMessage } from '../messages/send-message'
import { noticeMessage } from '../notifications/send-notice'
import { requireSchool } from '../schools/find-school'
import { backoffMs, claimWork, LeaseLost, type WorkerLease } from '../workers/worker-driver'

type UnexplainedRow = typeof unexplainedAbsences.$inferSelect

/** A day as a reader of the language writes it (`Friday 4 December 2026`): the day itself, never shifted by a zone. */
function dayInWords(language: LanguageCode, day: string) {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}

/**
 * The notice of the register's absences of a day: it names no child, in the subject (a text and a push carry it to a
 * lock screen) or the body (one message tells the families of every absence of a batch, each adult once however many
 * of their children it holds); the portal's Absences, which it links to, shows each adult which child and when.
 */
export function unexplainedAbsenceWords(language: LanguageCode, day: string): MessageText {
  const words = mailWords(language).unexplainedAbsence
  return { subject: words.subject, body: `${fill(words.body, { day: dayInWords(language, day) })}\n\n${publicUrl()}/family/absences` }
}

/** Notices at most this many times before the row is left for the office to see (the child's card says it was not sent). */
const mostAttempts = 8
const retrySchedule = { firstMs: 5_000, longestMs: 600_000 }
export const absenceNoticeLeaseMs = 60_000

/** The register's absences waiting for their notice, oldest first; a failed one waits for its next attempt (`queuedAt`). */
export function absenceNoticeClaims(schoolIds?: readonly string[]): ClaimQueue<typeof unexplainedAbsences> {
  return {
    table: unexplainedAbsences, id: unexplainedAbsences.id, leaseOwner: unexplainedAbsences.leaseOwner, leaseUntil: unexplainedAbsences.leaseUntil,
    ready: now => and(isNull(unexplainedAbsences.noticeAt), lte(unexplainedAbsences.queuedAt, now),
      schoolIds ? inArray(unexplainedAbsences.schoolId, [...schoolIds]) : undefined),
    order: [asc(unexplainedAbsences.queuedAt), asc(unexplainedAbsences.id)]
  }
}

/** Claims a batch of the register's absences for their notices. */
export function claimAbsenceNotices(database: Database, lease: WorkerLease, schoolIds: readonly string[] | undefined, limit: number) {
  return claimWork(database, absenceNoticeClaims(schoolIds), lease, limit)
}

/** Settles rows still this worker's: their notice written (or none to write), or a later attempt. */
async function settle(database: Database, rows: readonly UnexplainedRow[], owner: string, changes: (row: UnexplainedRow) => Partial<UnexplainedRow>) {
  if (rows.length === 0) return
  // Rows given the same change are settled by one update: a batch's rows have mostly been tried as often as each other.
  const alike = new Map<string, { change: Partial<UnexplainedRow>, ids: string[] }>()
  for (const row of rows) {
    const change = changes(row)
    const key = JSON.stringify(change)
    alike.set(key, { change, ids: [...alike.get(key)?.ids ?? [], row.id] })
  }
  await database.transaction(async (tx) => {
    for (const { change, ids } of alike.values()) {
      await tx.update(unexplainedAbsences).set({ ...change, leaseOwner: null, leaseUntil: null })
        .where(and(inArray(unexplainedAbsences.id, ids), eq(unexplainedAbsences.leaseOwner, owner)))
    }
  })
}

/** One notice for the rows of one school and day: how many absences it told of (0 when it was not written). */
async function noticeOfDay(database: Database, rows: readonly UnexplainedRow[], owner: string): Promise<number> {
  const school = await requireSchool(database, rows[0]!.schoolId)
  const ids = rows.map(row => row.id)
  const ctx = {
    ...systemContext(database, school, 'absences:notify'),
    withinWrite: async (tx: Parameters<NonNullable<ReturnType<typeof systemContext>['withinWrite']>>[0], result: unknown) => {
      const messageId = (result as { id: string }).id
      const kept = await tx.update(unexplainedAbsences).set({ messageId, noticeAt: timestampNow(), leaseOwner: null, leaseUntil: null })
        .where(and(inArray(unexplainedAbsences.id, ids), eq(unexplainedAbsences.leaseOwner, owner), isNull(unexplainedAbsences.noticeAt)))
        .returning({ id: unexplainedAbsences.id })
      // Every row of the notice is still this worker's, or none is told by it: another worker has them now.
      if (kept.length !== ids.length) throw new LeaseLost(ids[0]!)
    }
  }
  try {
    await sendMessage(ctx, noticeMessage(ctx, {
      kind: 'absences', audience: ids.map(id => `absence:${id}`),
      words: language => unexplainedAbsenceWords(language, rows[0]!.day)
    }))
    return rows.length
  } catch (error) {
    if (error instanceof LeaseLost) return 0
    if (error instanceof DomainError && error.code === 'audience_empty') {
      await settle(database, rows, owner, () => ({ noticeAt: timestampNow() }))
      return 0
    }
    // Ids and counts only: never a child's name.
    logger.warn({ schoolId: school.id, absences: rows.length, fault: error instanceof Error ? error.name : typeof error },
      'the notice of unexplained absences could not be written')
    await settle(database, rows, owner, row => row.attempts + 1 >= mostAttempts
      ? { attempts: row.attempts + 1, noticeAt: timestampNow() }
      : { attempts: row.attempts + 1, queuedAt: Date.now() + backoffMs(row.attempts + 1, retrySchedule) })
    return 0
  }
}

/**
 * Writes the notices of a batch of the register's absences (docs/absences.md, "Notices"): one message per school and
 * day, through sendMessage (kind `absences`, its audience each absence as `absence:<id>`: the child's adults with
 * `attendance` standing today), so each adult is told once however many of their children the batch holds, and their
 * choices, texts, pushes and the digest hold. The message and every row's `messageId` commit in one transaction, and
 * only while every row is still this worker's: a worker killed before the commit leaves no message, and the rows are
 * claimed again once their lease ends; so each absence is told once. With nobody to tell (no adult on file, or
 * standing keeping every one away) the rows are settled with no message. One explained before its notice went is not
 * told. Answers how many absences were told of.
 */
export async function noticeOfUnexplainedAbsences(database: Database, rows: readonly UnexplainedRow[], owner: string): Promise<number> {
  const explained = rows.filter(row => row.explainedAt)
  await settle(database, explained, owner, () => ({ noticeAt: timestampNow() }))
  const days = new Map<string, UnexplainedRow[]>()
  for (const row of rows.filter(one => !one.explainedAt)) {
    const key = `${row.schoolId} ${row.day}`
    days.set(key, [...days.get(key) ?? [], row])
  }
  let told = 0
  for (const group of days.values()) told += await noticeOfDay(database, group, owner)
  return told
}
