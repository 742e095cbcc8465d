import { eq } from 'drizzle-orm'
import { schools } from '../../../db/schema'
import type { ReadReason, ReplicaVerdict } from '../../../db/replica'
import { currentTime } from '../days/clock'
import type { DomainContext } from './context'

/** The contract's window of read-your-writes (issue 43). */
const readYourWritesSeconds = 10

/**
 * How long after a caller's last change their lag-tolerant reads stay on the primary: 10 s, or longer where the
 * replica may be further behind than that and still be read (the bound plus the probe's second).
 */
export function readYourWritesMs(maxLagSeconds: number): number {
  return Math.max(readYourWritesSeconds, maxLagSeconds + 1) * 1000
}

/**
 * Where a lag-tolerant read goes: the primary for a caller who changed something within `readYourWritesMs`
 * (`lastWriteAt`, kept on their session or token row, so every instance knows it) and whenever the replica's last
 * verdict bypasses it; the replica otherwise.
 */
export function chooseReadSource(
  verdict: ReplicaVerdict, lastWriteAt: string | null | undefined, now: number, maxLagSeconds: number
): { to: 'replica' | 'primary', reason: ReadReason } {
  if (lastWriteAt && Date.parse(lastWriteAt) + readYourWritesMs(maxLagSeconds) > now) return { to: 'primary', reason: 'recent_write' }
  if (!verdict.usable) return { to: 'primary', reason: verdict.reason }
  return { to: 'replica', reason: 'fit' }
}

/** The driver's codes for a connection that failed, closed or timed out. */
const connectionFailures = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH',
  'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED'
])

/**
 * Whether a read failed as reads on a replica do when it goes away or cannot serve them: the connection failed, the
 * server is shutting down or starting (57P0x), the statement ran past the replica's short timeout (57014), or it was
 * cancelled for a conflict with the WAL being replayed (40001). Such a read is made again on the primary.
 */
export function isReplicaFailure(error: unknown): boolean {
  // drizzle wraps the driver's error (DrizzleQueryError), whose code is on its cause.
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && (connectionFailures.has(code) || /^(57P0[123]|57014|40001|08)/.test(code))) return true
  }
  return false
}

export interface LagTolerantRead {
  /** When the caller last changed something (their session's or token's `lastWriteAt`); none for the service's own reads. */
  lastWriteAt?: string | null
  /**
   * The replica must hold the school's data as of `ctx.school.dataVersion`, else the read goes to the primary: for
   * an answer kept under that version (docs/architecture.md, "Kept answers"), which must not be an older state's.
   */
  atSchoolVersion?: boolean
  /** The read goes to the primary whatever the replica's state, counted under this reason: the events feed's newest page. */
  primaryBecause?: ReadReason
}

/**
 * Runs `work`, a read that tolerates a few seconds' lag, on the replica when chooseReadSource picks it, with a
 * context whose database reads from the replica (its writes still go to the primary); on the primary's context
 * otherwise, and again on the primary's when the replica fails under it (isReplicaFailure), so no caller sees the
 * replica go away. `work` must be safe to run twice. Without a replica it is simply `work(ctx)`
 * (docs/read-replica.md).
 */
export async function readLagTolerant<C extends DomainContext, T>(ctx: C, work: (ctx: C) => Promise<T>, read: LagTolerantRead = {}): Promise<T> {
  const replica = ctx.database.replica
  if (!replica) return work(ctx)
  let choice = read.primaryBecause
    ? { to: 'primary' as const, reason: read.primaryBecause }
    : chooseReadSource(replica.verdict(), read.lastWriteAt, currentTime().getTime(), replica.maxLagSeconds)
  try {
    if (choice.to === 'replica' && read.atSchoolVersion) {
      const [held] = await replica.reads.db.select({ dataVersion: schools.dataVersion }).from(schools).where(eq(schools.id, ctx.school.id))
      if (!held || Number(held.dataVersion) < ctx.school.dataVersion) choice = { to: 'primary', reason: 'school_version' }
    }
    if (choice.to === 'replica') {
      const answer = await work({ ...ctx, database: replica.reads })
      replica.noteRead('replica', 'fit')
      return answer
    }
  } catch (error) {
    if (!isReplicaFailure(error)) throw error
    replica.fellOver()
    choice = { to: 'primary', reason: 'fell_over' }
  }
  replica.noteRead('primary', choice.reason)
  return work(ctx)
}
