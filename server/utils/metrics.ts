import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * This process's Prometheus metrics, served by `GET /metrics` (docs/operations.md, "Metrics").
 * Labels are route templates, methods, statuses, task names and subscription ids: bounded sets that
 * name no school's data, person or token.
 */
export const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry })

const registers = [metricsRegistry]

const requests = new Counter({
  name: 'rollbook_http_requests_total',
  help: 'Answered API requests by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers
})

const requestSeconds = new Histogram({
  name: 'rollbook_http_request_duration_seconds',
  help: 'Time to answer an API request, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers
})

const rateLimitRefusals = new Counter({
  name: 'rollbook_rate_limit_refusals_total',
  help: 'Requests refused with 429 rate_limited, by route template',
  labelNames: ['route'] as const,
  registers
})

const taskRuns = new Counter({
  name: 'rollbook_task_runs_total',
  help: 'Runs of tasks and worker loops by name and outcome',
  labelNames: ['task', 'outcome'] as const,
  registers
})

const taskSeconds = new Histogram({
  name: 'rollbook_task_run_duration_seconds',
  help: 'Duration of task and worker-loop runs by name',
  labelNames: ['task'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers
})

const exportSeconds = new Histogram({
  name: 'rollbook_export_production_duration_seconds',
  help: 'Time to produce one school\'s nightly export files, by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
  registers
})

// A client chooses the method it sends; anything else is one label value, so it cannot grow the series.
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Counts one answered API request (called with its log line, server/utils/request-log.ts). */
export function countAnswer(answer: { method: string, route: string, status: number, seconds: number, refused?: string }) {
  const labels = { method: knownMethods.has(answer.method) ? answer.method : 'other', route: answer.route, status: String(answer.status) }
  requests.inc(labels)
  requestSeconds.observe(labels, answer.seconds)
  if (answer.refused === 'rate_limited') rateLimitRefusals.inc({ route: answer.route })
}

export function countTaskRun(task: string, outcome: 'ok' | 'failed', seconds: number) {
  taskRuns.inc({ task, outcome })
  taskSeconds.observe({ task }, seconds)
}

export function countExportProduction(outcome: 'produced' | 'failed', seconds: number) {
  exportSeconds.observe({ outcome }, seconds)
}
