import { defineEventHandler, setResponseHeader } from 'h3'
import { admitMetricsScrape } from '../utils/metrics-access'
import { metricsRegistry } from '../utils/metrics'
import { registerDatabaseGauges } from '../utils/metrics-database'
import { registerReplicaMetrics } from '../utils/metrics-replica'

registerDatabaseGauges()
registerReplicaMetrics()

/** This instance's metrics in Prometheus's text format, for the holder of `METRICS_TOKEN` only. */
export default defineEventHandler(async (event) => {
  admitMetricsScrape(event)
  setResponseHeader(event, 'Content-Type', metricsRegistry.contentType)
  setResponseHeader(event, 'Cache-Control', 'no-store')
  return metricsRegistry.metrics()
})
