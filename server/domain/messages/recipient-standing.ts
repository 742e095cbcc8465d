import { and, eq, inArray } from 'drizzle-orm'
import { messages } from '../../../db/schema'
import { slicesOf } from '../../../db/id-slices'
import type { NoticeKind, StandingPurpose } from '../../../shared/vocabulary'
import { showsChild, standingsOfChildren } from '../access/standing'
import type { DomainContext } from '../shared/context'

type ReadContext = Pick<DomainContext, 'database' | 'school'>

/**
 * What deciding a recipient needs of its row: its message, the adult, and the children it was reached through as kept
 * (a JSON list; empty or null on rows written before recipients kept them).
 */
export interface RecipientReach { messageId: string | null, adultId: string, childIds: string | null }

/**
 * The standing a notice of each kind is told by (docs/notifications.md, "Fee statements and application
 * steps", "Standing"): a fee statement's is the portal's Fees' (`billing`) and an application's the portal's
 * Applications' (`applications`, which an applicant holds with no responsibility on file), and an absence's the
 * portal's Absences' (`attendance`), since each points at that page and tells of what it shows; any other notice is
 * a message, told by `messages`.
 */
const purposeOfKind = {
  school: 'messages', consents: 'messages', fees: 'billing', applications: 'applications', absences: 'attendance'
} as const satisfies Record<NoticeKind, StandingPurpose>

/** The standing purpose a notice of `kind` is reached by at send, and asked again when it goes and when it is shown. */
export function noticeStandingPurpose(kind: NoticeKind): StandingPurpose {
  return purposeOfKind[kind]
}

/** The children a recipient row keeps: none for a row written before recipients kept them. */
function keptChildren(row: RecipientReach): string[] {
  if (!row.childIds) return []
  const ids = JSON.parse(row.childIds) as unknown
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

/** The kind of each message the rows name, one read per slice of messages. */
async function kindsOfMessages(ctx: ReadContext, rows: readonly RecipientReach[]): Promise<Map<string, NoticeKind>> {
  const kinds = new Map<string, NoticeKind>()
  const messageIds = [...new Set(rows.flatMap(row => row.messageId ? [row.messageId] : []))]
  for (const slice of slicesOf(messageIds)) {
    const found = await ctx.database.db.select({ id: messages.id, kind: messages.kind }).from(messages)
      .where(and(eq(messages.schoolId, ctx.school.id), inArray(messages.id, slice)))
    for (const row of found) kinds.set(row.id, row.kind)
  }
  return kinds
}

/**
 * Which recipients may still be told of their message on the day: the standing its kind asks
 * (noticeStandingPurpose; showsChild, as the audience was reached) on at least one child they were
 * reached through. The one rule for both the portal's Messages (list and read) and the delivery
 * workers, so a message whose child standing has since left is neither sent nor shown, whether or
 * not the adult has an address.
 *
 * A recipient that keeps no children (written before recipients kept them) is not told: nothing
 * says now on whom to ask standing, and an audience resolved again today is not the one it reached.
 * It is withheld from the worker and from the portal alike (docs/messages.md, "Delivery").
 *
 * All rows' children are decided in one batch (standingsOfChildren): three reads per slice of children,
 * a fourth when an application's notice is among them, and one for the messages' kinds.
 */
export async function stillTold(ctx: ReadContext, rows: readonly RecipientReach[], day: string): Promise<boolean[]> {
  const kept = rows.map(keptChildren)
  const childIds = [...new Set(kept.flat())]
  if (childIds.length === 0) return rows.map(() => false)
  const kinds = await kindsOfMessages(ctx, rows)
  // Every row asked names its message; the type allows none because a digest's own row keeps none (and is never asked).
  const purposes = rows.map(row => noticeStandingPurpose((row.messageId ? kinds.get(row.messageId) : undefined) ?? 'school'))
  const standings = await standingsOfChildren(ctx, childIds, day, { applicants: purposes.includes('applications') })
  return rows.map((row, i) => kept[i]!.some(childId =>
    (standings.get(childId) ?? []).some(entry => entry.adultId === row.adultId && showsChild(entry.standing, purposes[i]!))))
}
