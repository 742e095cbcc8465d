/**
 * The webhook row of `npm run bench`: 1,000 enquiries recorded through the API, each announced to a
 * loopback receiver. One subscription takes them as they happen (the delay from the change's commit
 * to its first attempt: p50 and p99); another, whose token is revoked meanwhile, gets all 1,000 at
 * once when a valid token is set, which measures deliveries a second for one subscription.
 */
import { createServer } from 'node:http'
import { performance } from 'node:perf_hooks'

/** Targets of the issue: at least 200 deliveries a second for one subscription, p50 delay under a second. */
export const webhookTargets = { perSecond: 200, p50Ms: 1000 }
const changes = 1000

export interface WebhookMeasurement {
  perSecond: number
  p50Ms: number
  p99Ms: number
  missed: string[]
}

type Admin = (args: string[], env?: Record<string, string>) => any

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!
}

async function startBenchReceiver() {
  const arrivals = new Map<string, { firstAt: number, at: number, ids: string[], delays: number[] }>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const now = Date.now()
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string, at: string }
      const path = request.url ?? ''
      const seen = arrivals.get(path) ?? { firstAt: now, at: now, ids: [], delays: [] }
      seen.ids.push(body.id)
      seen.at = now
      // From the change to its arrival: `at` is taken inside the write, just before its commit.
      seen.delays.push(now - Date.parse(body.at))
      arrivals.set(path, seen)
      response.writeHead(204).end()
    })
  })
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, arrivals, close: () => server.close() }
}

/** Runs the row against a running bench server (started with WEBHOOKS_ALLOW_PRIVATE=true) and its demo school. */
export async function benchWebhookDelivery(serverUrl: string, schoolId: string, admin: Admin): Promise<WebhookMeasurement> {
  const receiver = await startBenchReceiver()
  try {
    const writer = admin(['token', 'issue', '--school', schoolId, '--purpose', 'bench enquiries', '--scopes', 'enquiry.write'])
    const reader = admin(['token', 'issue', '--school', schoolId, '--purpose', 'bench webhooks', '--scopes', 'person.read'])
    const held = admin(['token', 'issue', '--school', schoolId, '--purpose', 'bench webhooks held', '--scopes', 'person.read'])
    const loopback = { WEBHOOKS_ALLOW_PRIVATE: 'true' }
    admin(['webhook', 'create', '--school', schoolId, '--url', `${receiver.url}/live`, '--kinds', 'enquiry.created', '--token-id', reader.id], loopback)
    const drained = admin(
      ['webhook', 'create', '--school', schoolId, '--url', `${receiver.url}/drain`, '--kinds', 'enquiry.created', '--token-id', held.id], loopback
    )
    admin(['token', 'revoke', '--id', held.id])

    let next = 0
    const post = async () => {
      while (next < changes) {
        const index = next++
        const answer = await fetch(`${serverUrl}/api/v1/enquiries`, {
          method: 'POST',
          headers: { 'authorization': `Bearer ${writer.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            student: { familyName: 'Bench', givenNames: `Child ${index}` },
            enquirer: { familyName: 'Bench', givenNames: 'Parent', email: `parent${index}@example.org` }
          })
        })
        if (answer.status !== 201) throw new Error(`An enquiry answered ${answer.status}: ${await answer.text()}`)
      }
    }
    await Promise.all(Array.from({ length: 4 }, post))
    const live = () => receiver.arrivals.get('/live')?.ids.length ?? 0
    const drain = () => receiver.arrivals.get('/drain')?.ids.length ?? 0
    await waitFor(() => live() >= changes, 60_000)

    const fresh = admin(['token', 'issue', '--school', schoolId, '--purpose', 'bench webhooks resumed', '--scopes', 'person.read'])
    admin(['webhook', 'set-token', '--id', drained.id, '--token-id', fresh.id])
    await waitFor(() => drain() >= changes, 120_000)

    const delays = [...receiver.arrivals.get('/live')!.delays].sort((a, b) => a - b)
    const drainArrivals = receiver.arrivals.get('/drain')!
    const perSecond = (drain() - 1) / ((drainArrivals.at - drainArrivals.firstAt) / 1000)
    const missed: string[] = []
    if (perSecond < webhookTargets.perSecond) missed.push(`under ${webhookTargets.perSecond} deliveries/s`)
    const p50Ms = percentile(delays, 0.5)
    if (!(p50Ms < webhookTargets.p50Ms)) missed.push(`p50 delay not under ${webhookTargets.p50Ms} ms`)
    for (const path of ['/live', '/drain']) {
      const ids = receiver.arrivals.get(path)!.ids
      if (new Set(ids).size !== ids.length) missed.push(`${path}: a delivery arrived twice`)
    }
    return { perSecond, p50Ms, p99Ms: percentile(delays, 0.99), missed }
  } finally {
    receiver.close()
  }
}

async function waitFor(done: () => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs
  while (!done()) {
    if (performance.now() > deadline) throw new Error('Webhook deliveries did not all arrive in time.')
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}
