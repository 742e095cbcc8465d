import { Counter, Gauge } from 'prom-client'
import type { ReplicaLink } from '../../db/replica'
import { useDatabase } from './database'
import { metricsRegistry } from './metrics'

/** This process's read replica, when it has one; nothing to report without. */
async function replicaLink(): Promise<ReplicaLink | undefined> {
  try {
    return (await useDatabase()).replica
  } catch {
    return undefined
  }
}

let registered = false

/**
 * The read replica as this process sees it (docs/read-replica.md, "What to watch"): how far behind its last probe
 * found it, whether reads bypass it now, and where the lag-tolerant reads went and why. Each instance probes on its
 * own, so each reports its own view. Nothing is reported without `DATABASE_REPLICA_URL`.
 */
export function registerReplicaMetrics() {
  if (registered) return
  registered = true
  const registers = [metricsRegistry]
  new Gauge({
    name: 'rollbook_replica_lag_seconds',
    help: 'How far the read replica is at most behind the primary, by WAL position, as the last probe found (absent when it could not be told)',
    registers,
    async collect() {
      this.reset()
      const lag = (await replicaLink())?.verdict().lagSeconds
      if (lag !== undefined && lag !== null) this.set(lag)
    }
  })
  new Gauge({
    name: 'rollbook_replica_bypassed',
    help: 'Whether lag-tolerant reads bypass the read replica now (1), by reason: behind, unreachable, not_a_standby, fell_over; 0 when it is used',
    labelNames: ['reason'] as const,
    registers,
    async collect() {
      this.reset()
      const verdict = (await replicaLink())?.verdict()
      if (verdict) this.set({ reason: verdict.usable ? 'fit' : verdict.reason }, verdict.usable ? 0 : 1)
    }
  })
  new Counter({
    name: 'rollbook_replica_reads_total',
    help: 'Lag-tolerant reads by where they went (replica, primary) and why (fit, recent_write, behind, unreachable, school_version, fell_over, …)',
    labelNames: ['to', 'reason'] as const,
    registers,
    async collect() {
      this.reset()
      for (const { to, reason, reads } of (await replicaLink())?.readCounts() ?? []) this.inc({ to, reason }, reads)
    }
  })
}
