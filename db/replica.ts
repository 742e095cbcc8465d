/**
 * A PostgreSQL streaming replica for the reads that tolerate a few seconds' lag (docs/read-replica.md).
 *
 * A probe asks the primary and the replica for their WAL positions every second, on a connection of its own to
 * each, and keeps the verdict; a request only reads the verdict, so no request ever waits on the replica to learn
 * whether to use it. The replica is used while the last probe is recent, it answered, and it is at most
 * `DATABASE_REPLICA_MAX_LAG_SECONDS` behind; otherwise the primary is, until a probe finds it fit again.
 */
import postgres from 'postgres'
import type { Database } from './client'
import { postgresPoolSize, postgresReads } from './client'
import { lsnValue, replicaLagSeconds, type PrimarySample } from './replica-lag'

/** Why a read went where it did: counted per target in /metrics (`rollbook_replica_reads_total`). */
export type ReadReason =
  | 'fit' | 'recent_write' | 'behind' | 'unreachable' | 'not_a_standby' | 'school_version' | 'fell_over' | 'newest_page'

export interface ReplicaVerdict {
  usable: boolean
  /** Seconds behind the primary at most, as the last probe measured; null when it could not be told. */
  lagSeconds: number | null
  /** Why the replica is bypassed; `fit` when it is not. */
  reason: Extract<ReadReason, 'fit' | 'behind' | 'unreachable' | 'not_a_standby' | 'fell_over'>
}

export interface ReplicaLink {
  /** The primary's database with its reads (`db`, `prepared`) on the replica; transactions, counters and the rest stay the primary's. */
  reads: Database
  maxLagSeconds: number
  verdict(): ReplicaVerdict
  /** A read on the replica failed as reads do when it goes away: bypassed from now until a probe finds it answering again. */
  fellOver(): void
  noteRead(to: 'replica' | 'primary', reason: ReadReason): void
  /** Reads sent to each, by reason, since the process started. */
  readCounts(): { to: 'replica' | 'primary', reason: ReadReason, reads: number }[]
  close(): Promise<void>
}

const probeEveryMs = 1000
/** A probe that has not finished in this long counts as the replica not answering. */
const probeTimeoutMs = 1500
/** A verdict older than this is not trusted: the probe is stuck, so the replica (or the primary) is not answering it. */
const verdictStaleMs = 3000

function secondsSetting(name: string, fallback: number): number {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const seconds = Number(value)
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${name} must be a number of seconds above 0`)
  return seconds
}

/** `DATABASE_REPLICA_MAX_LAG_SECONDS`: how far behind the replica may be and still be read; 5 unless set. */
export function replicaMaxLagSeconds(): number {
  return secondsSetting('DATABASE_REPLICA_MAX_LAG_SECONDS', 5)
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('The probe timed out'), { code: 'PROBE_TIMEOUT' })), ms)
    })
  ]).finally(() => clearTimeout(timer))
}

export function openReplica(primary: Database, primaryUrl: string, replicaUrl: string): ReplicaLink {
  const maxLagSeconds = replicaMaxLagSeconds()
  // `DATABASE_REPLICA_STATEMENT_TIMEOUT_SECONDS`: a read the replica takes longer over is cancelled there and read
  // again from the primary (server/domain/shared/read-database.ts); 15 unless set.
  const statementTimeoutMs = Math.round(secondsSetting('DATABASE_REPLICA_STATEMENT_TIMEOUT_SECONDS', 15) * 1000)
  // A replica that is down refuses at once; one that is unreachable must not hold a read for the primary's 5 s.
  const client = postgres(replicaUrl, {
    max: postgresPoolSize(), onnotice: () => {}, connect_timeout: 2,
    connection: { statement_timeout: statementTimeoutMs, application_name: 'rollbook replica reads' }
  })
  const probeOptions = { max: 1, onnotice: () => {}, connect_timeout: 1, connection: { statement_timeout: probeTimeoutMs } }
  const replicaProbe = postgres(replicaUrl, { ...probeOptions, connection: { ...probeOptions.connection, application_name: 'rollbook replica probe' } })
  const primaryProbe = postgres(primaryUrl, { ...probeOptions, connection: { ...probeOptions.connection, application_name: 'rollbook replica probe' } })
  const reads: Database = { ...primary, ...postgresReads(client), replica: undefined }

  // Enough of the primary's positions to tell any lag up to twice the bound.
  const keptSamples = Math.max(10, Math.ceil((2 * maxLagSeconds * 1000) / probeEveryMs) + 2)
  const samples: PrimarySample[] = []
  let measured: { at: number, verdict: ReplicaVerdict } = { at: 0, verdict: { usable: false, lagSeconds: null, reason: 'unreachable' } }
  let fellAt = 0
  let probing = false
  const counts = new Map<string, number>()

  async function probe() {
    if (probing) return
    probing = true
    try {
      let sample: PrimarySample
      try {
        const [row] = await withTimeout(primaryProbe<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`, probeTimeoutMs)
        sample = { at: Date.now(), lsn: lsnValue(row!.lsn) }
      } catch {
        // Without the primary's position nothing can be measured; the verdict goes stale and the replica is bypassed.
        return
      }
      samples.push(sample)
      if (samples.length > keptSamples) samples.shift()
      let verdict: ReplicaVerdict
      try {
        const [row] = await withTimeout(
          replicaProbe<{ replayed: string | null }[]>`select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as replayed`,
          probeTimeoutMs
        )
        if (!row?.replayed) {
          verdict = { usable: false, lagSeconds: null, reason: 'not_a_standby' }
        } else {
          const lagSeconds = replicaLagSeconds(samples, lsnValue(row.replayed), Date.now())
          verdict = lagSeconds !== null && lagSeconds <= maxLagSeconds
            ? { usable: true, lagSeconds, reason: 'fit' }
            : { usable: false, lagSeconds: lagSeconds ?? (Date.now() - samples[0]!.at) / 1000, reason: 'behind' }
        }
      } catch {
        verdict = { usable: false, lagSeconds: null, reason: 'unreachable' }
      }
      measured = { at: Date.now(), verdict }
    } finally {
      probing = false
    }
  }

  const timer = setInterval(() => void probe(), probeEveryMs)
  timer.unref()
  void probe()

  return {
    reads,
    maxLagSeconds,
    verdict() {
      if (Date.now() - measured.at > verdictStaleMs) return { usable: false, lagSeconds: null, reason: 'unreachable' }
      if (measured.verdict.usable && measured.at <= fellAt) return { usable: false, lagSeconds: measured.verdict.lagSeconds, reason: 'fell_over' }
      return measured.verdict
    },
    fellOver() {
      fellAt = Date.now()
    },
    noteRead(to, reason) {
      const key = `${to} ${reason}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    },
    readCounts() {
      return [...counts].map(([key, reads]) => {
        const [to, reason] = key.split(' ') as ['replica' | 'primary', ReadReason]
        return { to, reason, reads }
      })
    },
    async close() {
      clearInterval(timer)
      await Promise.all([client.end({ timeout: 5 }), replicaProbe.end({ timeout: 1 }), primaryProbe.end({ timeout: 1 })])
    }
  }
}
