import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import { people, unexplainedAbsences } from '../../../db/schema'
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
 * The notice of an absence the register found: its subject names no child (a text and a push carry the
 * subject to a lock screen); its body, read in the mail and the portal, names the child by their given names,
 * the day and the period, and links to the portal's Absences, where the family explains it.
 */
export function unexplainedAbsenceWords(
  language: LanguageCode, values: { child: string, day: string, fromTime: string | null, toTime: string | null }
): MessageText {
  const words = mailWords(language).unexplainedAbsence
  const period = values.fromTime && values.toTime ? fill(words.period, { from: values.fromTime, to: values.toTime }) : ''
  const sentence = fill(words.body, { child: values.child, day: dayInWords(language, values.day), period })
  return { subject: words.subject, body: `${sentence}\n\n${publicUrl()}/family/absences` }
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

/** Settles the row, while it is still this worker's: the notice written (or none to write), or a later attempt. */
async function settle(database: Database, row: UnexplainedRow, owner: string, changes: Partial<UnexplainedRow>) {
  await database.transaction(tx => tx.update(unexplainedAbsences).set({ ...changes, leaseOwner: null, leaseUntil: null })
    .where(and(eq(unexplainedAbsences.id, row.id), eq(unexplainedAbsences.leaseOwner, owner))))
}

/**
 * Writes the notice of one of the register's absences to the child's adults with `attendance` standing today,
 * through sendMessage (kind `absences`, audience `absence:<id>`), so each adult's choices, texts, pushes and the
 * digest hold. The message and the row's `messageId` commit in one transaction, and only while the row is still
 * this worker's: a worker killed before the commit leaves no message, and the row is claimed again once its lease
 * ends; so each absence is told once. Nobody with standing to tell (no adult on file, or a flag keeping every one
 * of them away) settles it with no message. One explained before its notice went is not told.
 */
export async function noticeOfUnexplainedAbsence(database: Database, row: UnexplainedRow, owner: string): Promise<boolean> {
  if (row.explainedAt) {
    await settle(database, row, owner, { noticeAt: timestampNow() })
    return false
  }
  const school = await requireSchool(database, row.schoolId)
  const [child] = await database.db.select({ givenNames: people.givenNames }).from(people).where(eq(people.id, row.childId))
  const ctx = {
    ...systemContext(database, school, 'absences:notify'),
    withinWrite: async (tx: Parameters<NonNullable<ReturnType<typeof systemContext>['withinWrite']>>[0], result: unknown) => {
      const messageId = (result as { id: string }).id
      const kept = await tx.update(unexplainedAbsences).set({ messageId, noticeAt: timestampNow(), leaseOwner: null, leaseUntil: null })
        .where(and(eq(unexplainedAbsences.id, row.id), eq(unexplainedAbsences.leaseOwner, owner), isNull(unexplainedAbsences.noticeAt)))
        .returning({ id: unexplainedAbsences.id })
      if (!kept.length) throw new LeaseLost(row.id)
    }
  }
  try {
    await sendMessage(ctx, noticeMessage(ctx, {
      kind: 'absences', audience: `absence:${row.id}`,
      words: language => unexplainedAbsenceWords(language, { child: child?.givenNames ?? '', day: row.day, fromTime: row.fromTime, toTime: row.toTime })
    }))
    return true
  } catch (error) {
    if (error instanceof LeaseLost) return false
    if (error instanceof DomainError && error.code === 'audience_empty') {
      await settle(database, row, owner, { noticeAt: timestampNow() })
      return false
    }
    const attempts = row.attempts + 1
    // Ids and counts only: never a child's name.
    logger.warn({ schoolId: row.schoolId, unexplainedId: row.id, attempts, fault: error instanceof Error ? error.name : typeof error },
      'the notice of an unexplained absence could not be written')
    await settle(database, row, owner, attempts >= mostAttempts
      ? { attempts, noticeAt: timestampNow() }
      : { attempts, queuedAt: Date.now() + backoffMs(attempts, retrySchedule) })
    return false
  }
}
