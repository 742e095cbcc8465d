import { describe, expect, it } from 'vitest'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { expectWholeEnquiries, sendEnquiries } from '../../support/enquiry-load'

/**
 * The events feed read while two instances write (docs/events.md, "Order, gaps and cursors"): 1,000 changes made
 * over two server processes on one database, read back by a consumer polling with its cursor the whole
 * time. Each change comes once, none is missed however late its transaction commits, and sequences only
 * rise. (several-instances.test.ts reads the feed while one of two is killed.)
 */
describe('the events feed over two instances', () => {
  it('gives a polling consumer each of 1,000 changes made over two processes once, in sequence order', async () => {
    const school = await newSchool({ name: 'Feed over two' })
    const token = await school.token(['enquiry.write'])
    const feedToken = await school.token(['event.read', 'enquiry.write'])
    const servers: RunningServer[] = await Promise.all([startBuiltServer({ RATE_LIMIT_SCALE: '1000' }), startBuiltServer({ RATE_LIMIT_SCALE: '1000' })])
    const fed: { id: string, sequence: number }[] = []
    let cursor: string | undefined
    let writing = true
    const readPage = async (server: RunningServer) => {
      const answer = await fetch(
        `${server.url}/api/v1/events?kinds=enquiry.created&limit=100${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`,
        { headers: { authorization: `Bearer ${feedToken}` } }
      )
      const body = await answer.json() as { items: { id: string, sequence: number }[], nextCursor: string }
      expect(answer.status, JSON.stringify(body)).toBe(200)
      fed.push(...body.items.map(item => ({ id: item.id, sequence: item.sequence })))
      cursor = body.nextCursor
      return body.items.length
    }
    try {
      // The consumer asks each instance in turn, as behind a load balancer, close behind the writes.
      let turn = 0
      const consumer = (async () => {
        while (writing) {
          await readPage(servers[turn++ % 2]!)
          await new Promise(done => setTimeout(done, 50))
        }
      })()
      const { acknowledged, unacknowledged } = await sendEnquiries(servers.map(server => server.url), token, { concurrency: 8, stop: () => false, limit: 1000 })
      writing = false
      await consumer
      expect([acknowledged.length, unacknowledged]).toEqual([1000, 0])
      const stored = await expectWholeEnquiries(school.database, school.id, acknowledged)
      while (await readPage(servers[turn++ % 2]!) > 0);
      expect(fed).toHaveLength(1000)
      expect(new Set(fed.map(item => item.id)).size).toBe(1000)
      expect(fed.map(item => item.id).sort()).toEqual([...stored].sort())
      expect(fed.every((item, i) => i === 0 || item.sequence > fed[i - 1]!.sequence)).toBe(true)
    } finally {
      writing = false
      await Promise.all(servers.map(server => server.stop()))
    }
  }, 120_000)
})
