import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { retainedMemory } from '../../support/process-memory'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'

const megabyte = 1024 * 1024
const pages = [
  '/api/v1/people?limit=1000', '/api/v1/affiliations?limit=1000', '/api/v1/affiliations?limit=1000&state=open', '/api/v1/alumni?limit=1000',
  '/api/v1/starters?limit=100'
]

/**
 * What a burst of the bench's read load leaves in a server (docs/performance.md, "Memory under load"): after
 * a full collection the heap is back within 20 MB of where it started and the RSS within 50 MB. Not timed:
 * the figures are the server's own. The RSS bound is what caught an Intl formatter made for every "today",
 * whose native memory grew the RSS by hundreds of megabytes while the heap stayed small.
 */
/**
 * A GET sent again once when the kept-alive connection it went out on had just been closed by the server as idle
 * ("other side closed"): on a loaded machine the client's clock for that connection runs late (as callApi does).
 */
async function getRetryingClosedIdle(url: string, init: RequestInit) {
  try {
    return await fetch(url, init)
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error
    return fetch(url, init)
  }
}

describe('memory under the read load', () => {
  let server: RunningServer
  let token: string
  beforeAll(async () => {
    server = await startBuiltServer({ RATE_LIMIT_SCALE: '10000', NODE_OPTIONS: '--expose-gc' })
    const school = await newSchool({ name: 'Memory School' })
    await seedDemoSchool(school.context, { students: 300 })
    token = await school.token(['person.read', 'affiliation.read', 'starter.read'])
  })
  afterAll(() => server?.stop())

  const burst = async (requests: number) => {
    let next = 0
    const worker = async () => {
      while (next < requests) {
        const path = pages[next++ % pages.length]!
        const answer = await getRetryingClosedIdle(server.url + path, { headers: { authorization: `Bearer ${token}` } })
        expect(answer.status).toBe(200)
        await answer.arrayBuffer()
      }
    }
    await Promise.all(Array.from({ length: 10 }, worker))
  }

  it('returns to its heap and RSS after a burst of 1000-item pages', async () => {
    await burst(200)
    const before = await retainedMemory(server)
    await burst(3000)
    const after = await retainedMemory(server)
    const mb = (bytes: number) => Math.round(bytes / megabyte)
    console.info(
      `memory under load, after a full collection: RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap used ${mb(before.usage.heapUsed)} → ${mb(after.usage.heapUsed)} MB`
    )
    expect(after.usage.heapUsed - before.usage.heapUsed).toBeLessThan(20 * megabyte)
    expect(after.rss - before.rss).toBeLessThan(50 * megabyte)
  })
})
