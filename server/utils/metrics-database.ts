import { count, inArray, isNull, sql } from 'drizzle-orm'
import { Gauge } from 'prom-client'
import { syncRuns, webhookDeliveries, webhookSubscriptions } from '../../db/schema'
import type { Database } from '../../db/client'
import { useDatabase } from './database'
import { metricsRegistry } from './metrics'
import { faultSummary, logger } from '../domain/shared/log'

/**
 * Gauges read from the database when Prometheus scrapes (each in its `collect`), so every instance
 * reports the same shared state. Each is one indexed query; one that fails is logged and leaves its
 * gauge empty for that scrape, never failing the others.
 */
function databaseGauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: (database: Database, gauge: Gauge<L>) => Promise<void>) {
  return new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset()
      try {
        await read(await useDatabase(), this)
      } catch (error) {
        logger.warn({ metric: name, fault: faultSummary(error) }, 'A metric could not be read from the database')
      }
    }
  })
}

let registered = false

/** Registers the database gauges on the metrics registry, once (the /metrics route calls it). */
export function registerDatabaseGauges() {
  if (registered) return
  registered = true
  /**
   * The age of the oldest change not yet delivered to some live subscription: for each, the first event
   * of its school past what it has read (`last_sequence`) and the event of its first pending delivery;
   * a school's events commit in sequence order, so the lowest sequence is the oldest (docs/webhooks.md).
   */
  const lagHelp = 'Age of the oldest change event not yet delivered to some live webhook subscription (0 when none waits)'
  databaseGauge('rollbook_outbox_lag_seconds', lagHelp, [], async (database, gauge) => {
    const rows = await database.db.select({
      unreadAt: sql<string | null>`(select e.at from change_events e where e.school_id = ${webhookSubscriptions.schoolId}
        and e.sequence > ${webhookSubscriptions.lastSequence} order by e.sequence limit 1)`,
      pendingAt: sql<string | null>`(select e.at from change_events e where e.school_id = ${webhookSubscriptions.schoolId}
        and e.sequence = (select min(d.sequence) from webhook_deliveries d where d.subscription_id = ${webhookSubscriptions.id} and d.status = 'pending'))`
    }).from(webhookSubscriptions).where(isNull(webhookSubscriptions.deletedAt))
    const oldest = Math.min(...rows.flatMap(row => [row.unreadAt, row.pendingAt]).filter(at => at != null).map(at => Date.parse(at!)))
    gauge.set(Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0)
  })

  /** `pending` is the backlog, `retrying` the part of it that failed at least once, `given_up` failed for good. */
  const deliveriesHelp = 'Webhook deliveries waiting or failed, by subscription id and state (pending, retrying, given_up)'
  databaseGauge('rollbook_webhook_deliveries', deliveriesHelp, ['subscription_id', 'state'], async (database, gauge) => {
    const rows = await database.db.select({
      subscriptionId: webhookDeliveries.subscriptionId,
      status: webhookDeliveries.status,
      deliveries: count(),
      retrying: sql<number | string>`sum(case when ${webhookDeliveries.attempts} > 0 then 1 else 0 end)`
    }).from(webhookDeliveries)
      .where(inArray(webhookDeliveries.status, ['pending', 'given_up']))
      .groupBy(webhookDeliveries.subscriptionId, webhookDeliveries.status)
    for (const row of rows) {
      gauge.set({ subscription_id: row.subscriptionId, state: row.status }, Number(row.deliveries))
      if (row.status === 'pending') gauge.set({ subscription_id: row.subscriptionId, state: 'retrying' }, Number(row.retrying))
    }
  })

  databaseGauge('rollbook_sync_runs', 'People sync runs by status', ['status'], async (database, gauge) => {
    const rows = await database.db.select({ status: syncRuns.status, runs: count() }).from(syncRuns).groupBy(syncRuns.status)
    for (const row of rows) gauge.set({ status: row.status }, Number(row.runs))
  })

  /**
   * What is knowable of the connections without reaching into the drivers: postgres.js exposes no count
   * of the connections it holds open or busy, so this is the pool's size (`DATABASE_POOL_SIZE`); SQLite
   * holds two (one writer, one reader) for the process's life.
   */
  new Gauge({
    name: 'rollbook_database_connections_max',
    help: 'Connections this process may hold to the database (PostgreSQL: the pool size; SQLite: writer and reader)',
    labelNames: ['dialect'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset()
      try {
        const { dialect } = await useDatabase()
        this.set({ dialect }, dialect === 'postgresql' ? Number(process.env.DATABASE_POOL_SIZE ?? 10) : 2)
      } catch {
        // The database is not ready; /health says so.
      }
    }
  })
}
