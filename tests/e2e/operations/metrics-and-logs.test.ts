import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { apiTokens, changeEvents, webhookDeliveries, webhookSubscriptions } from '../../../db/schema'
import { callApi } from '../../support/api'
import { expectEnvelope } from '../../support/envelope'
import { startServerOnOwnDatabase, type OwnServer } from '../../support/own-server'

const metricsToken = randomBytes(16).toString('hex')

/** The server's JSON log lines so far. */
function linesOf(log: string): Record<string, any>[] {
  return log.split('\n').filter(line => line.startsWith('{')).map(line => JSON.parse(line))
}

describe('GET /metrics on the shared server, which has no METRICS_TOKEN', () => {
  it('is not there', async () => {
    expectEnvelope(await callApi('/metrics'), 404, 'not_found')
    expectEnvelope(await callApi('/metrics', { token: 'anything' }), 404, 'not_found')
  })
})

describe('metrics and log lines of a server with METRICS_TOKEN set', () => {
  let own: OwnServer
  let log = ''
  let school: { schoolId: string, token: string }
  const scrape = () => callApi('/metrics', { baseUrl: own.server.url, token: metricsToken })

  beforeAll(async () => {
    // Debug shows the sync worker's idle turns, so a task-run line comes within a second.
    own = await startServerOnOwnDatabase('metrics', { METRICS_TOKEN: metricsToken, LOG_LEVEL: 'debug' })
    own.server.process.stdout!.on('data', (chunk) => {
      log += chunk
    })
    school = await own.schoolWithToken(['person.read'])
  })
  afterAll(async () => {
    await own?.stop()
  })

  it('refuses a missing or wrong token', async () => {
    for (const token of [undefined, 'wrong', `${metricsToken}x`]) {
      const answer = await callApi('/metrics', { baseUrl: own.server.url, token })
      expectEnvelope(answer, 401, 'unauthenticated')
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/)
    }
  })

  it('counts a request by its route template and status, never its path', async () => {
    const id = `per_${randomBytes(6).toString('hex')}`
    const before = await scrape()
    expect(before.status).toBe(200)
    expect(before.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(before.body).not.toContain('route="/api/v1/people/:id"')
    expect((await callApi(`/api/v1/people/${id}`, { baseUrl: own.server.url, token: school.token })).status).toBe(404)
    const after = (await scrape()).body as string
    expect(after).toContain('rollbook_http_requests_total{method="GET",route="/api/v1/people/:id",status="404"} 1')
    expect(after).toContain('rollbook_http_request_duration_seconds_count{method="GET",route="/api/v1/people/:id",status="404"} 1')
    expect(after).not.toContain(id)
    expect(after).not.toContain(school.token)
  })

  it('reads the outbox lag, the webhook backlog and the sync runs from the database', async () => {
    const suffix = randomBytes(6).toString('hex')
    const [token] = await own.database.db.select().from(apiTokens).where(eq(apiTokens.schoolId, school.schoolId))
    const minuteAgo = new Date(Date.now() - 60_000).toISOString()
    // No worker delivers on a test server unless told to, so what is written here stays undelivered.
    await own.database.transaction(async (tx) => {
      await tx.insert(webhookSubscriptions).values({
        id: `whs_${suffix}`, schoolId: school.schoolId, url: 'https://example.org/hook', kinds: 'person.created',
        tokenId: token!.id, signingKey: '0'.repeat(64), createdAt: minuteAgo, lastSequence: 0
      })
      await tx.insert(changeEvents)
        .values({ id: `chg_${suffix}`, schoolId: school.schoolId, kind: 'person.created', tableName: 'people', recordId: `per_${suffix}`, at: minuteAgo })
      await tx.insert(webhookDeliveries).values({
        id: `whd_${suffix}`, subscriptionId: `whs_${suffix}`, schoolId: school.schoolId, sequence: 0, kind: 'person.created', tableName: 'people',
        recordId: `per_${suffix}`, body: '{}', status: 'given_up', attempts: 13, nextAttemptAt: 0, createdAt: minuteAgo
      })
    })
    const body = (await scrape()).body as string
    const lag = Number(/^rollbook_outbox_lag_seconds (\S+)$/m.exec(body)?.[1])
    expect(lag).toBeGreaterThanOrEqual(59)
    expect(body).toContain(`rollbook_webhook_deliveries{subscription_id="whs_${suffix}",state="given_up"} 1`)
    expect(body).toMatch(/^# TYPE rollbook_sync_runs gauge$/m)
    expect(body).toMatch(/^rollbook_database_connections_max\{dialect="(sqlite|postgresql)"\} \d+$/m)
    expect(body).toMatch(/^# TYPE rollbook_rate_limit_refusals_total counter$/m)
    expect(body).toMatch(/^# TYPE rollbook_export_production_duration_seconds histogram$/m)
    // Every gauge's query worked on this dialect.
    expect(log).not.toContain('could not be read from the database')
  })

  it('logs one JSON line per request: time, trace id, method, route template, status, duration and the caller\'s ids', async () => {
    const id = `per_${randomBytes(6).toString('hex')}`
    await callApi(`/api/v1/people/${id}`, { baseUrl: own.server.url, token: school.token })
    await new Promise(r => setTimeout(r, 100))
    const line = linesOf(log).filter(line => line.msg === 'request' && line.route === '/api/v1/people/:id').at(-1)!
    const [token] = await own.database.db.select().from(apiTokens).where(eq(apiTokens.schoolId, school.schoolId))
    expect(line).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      msg: 'request',
      traceId: expect.stringMatching(/^[0-9a-f]{16}$/),
      method: 'GET',
      route: '/api/v1/people/:id',
      status: 404,
      code: 'not_found',
      durationMs: expect.any(Number),
      schoolId: school.schoolId,
      tokenId: token!.id
    })
    expect(log).not.toContain(id)
    expect(log).not.toContain(school.token)
  })

  it('logs a task run: its name, duration, outcome and counts', async () => {
    const syncRun = (line: Record<string, any>) => line.msg === 'task run' && line.task === 'sync:apply'
    for (let i = 0; i < 40 && !linesOf(log).some(syncRun); i++) await new Promise(r => setTimeout(r, 100))
    const line = linesOf(log).find(syncRun)
    // On PostgreSQL this server shares the suite's database, so its sync worker may apply another file's run:
    // a turn that applied something is logged at info, an idle one at debug.
    expect(line).toEqual({
      level: line?.counts.applied ? 'info' : 'debug',
      time: expect.any(String),
      msg: 'task run',
      task: 'sync:apply',
      durationMs: expect.any(Number),
      outcome: 'ok',
      counts: { applied: expect.any(Number) }
    })
    expect((await scrape()).body).toMatch(/^rollbook_task_runs_total\{task="sync:apply",outcome="ok"\} \d+$/m)
  })
})
