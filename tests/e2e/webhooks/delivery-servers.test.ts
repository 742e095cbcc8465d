import { describe, expect, it } from 'vitest'
import { callApi } from '../../support/api'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { privateAllowed, recordChanges, startReceiver } from '../../support/webhooks'
import { createWebhookSubscription } from '../../../server/domain/webhooks/subscriptions'
import { writeChanges } from '../../../server/domain/shared/write-changes'

/**
 * A server that delivers the webhooks of `schoolId` (a test server delivers only those it is told), with
 * a lease just longer than a post's ten-second limit, so a killed server's subscriptions are taken up
 * sooner than the default 30 s allows.
 */
function deliveringServer(schoolId: string) {
  return startBuiltServer({ WEBHOOKS_ALLOW_PRIVATE: 'true', ROLLBOOK_WEBHOOK_SCHOOLS: schoolId, ROLLBOOK_WEBHOOK_LEASE_MS: '12000' })
}

async function subscribedSchool(urls: string[], kinds = ['person.created']) {
  const school = await newSchool()
  const token = await school.tokenWithId(['person.read'])
  const subscriptions = []
  for (const url of urls) subscriptions.push(await createWebhookSubscription(school.context, { url, kinds, tokenId: token.id }, privateAllowed))
  return { school, subscriptions }
}

describe('webhook delivery by the server', () => {
  it('delivers a change made through the API without waiting for a poll, and warns that private destinations are allowed', async () => {
    const receiver = await startReceiver()
    const { school } = await subscribedSchool([receiver.url], ['enquiry.created'])
    const token = await school.token(['enquiry.write'])
    const server = await deliveringServer(school.id)
    try {
      expect(server.output()).toContain('WARNING: WEBHOOKS_ALLOW_PRIVATE=true')
      const answer = await callApi('/api/v1/enquiries', {
        baseUrl: server.url,
        token,
        body: { student: { familyName: 'Ngata', givenNames: 'Aroha' }, enquirer: { familyName: 'Ngata', givenNames: 'Wiremu', email: 'w@example.org' } }
      })
      expect(answer.status).toBe(201)
      await expect.poll(() => receiver.ids(), { timeout: 10_000 }).toEqual([answer.body.id])
      expect(JSON.parse(receiver.posts[0]!.body)).toMatchObject({ kind: 'enquiry.created', table: 'enquiries' })
    } finally {
      await server.stop()
    }
  })

  it('killed between a change and its delivery, or while a post is in flight, the server delivers each change once to a receiver that '
    + 'drops repeats', async () => {
    let hang = true
    const receiver = await startReceiver(post => JSON.parse(post.body).id === 'per_in_flight' && hang ? () => {} : 200)
    const { school } = await subscribedSchool([receiver.url])
    const deduped = () => [...new Map(receiver.posts.map(post => [post.headers['service-delivery'], JSON.parse(post.body).id])).values()]
    const first = await deliveringServer(school.id)
    await recordChanges(school.context, 'person.created', ['per_before'])
    await expect.poll(deduped, { timeout: 10_000 }).toEqual(['per_before'])
    first.process.kill('SIGKILL')
    await new Promise(done => first.process.once('exit', done))
    await recordChanges(school.context, 'person.created', ['per_while_down'])

    const second = await deliveringServer(school.id)
    await recordChanges(school.context, 'person.created', ['per_in_flight', 'per_behind'])
    await expect.poll(deduped, { timeout: 45_000 }).toEqual(['per_before', 'per_while_down', 'per_in_flight'])
    second.process.kill('SIGKILL')
    await new Promise(done => second.process.once('exit', done))
    hang = false

    // The in-flight post is sent again once the dead server's lease on the subscription ends.
    const third = await deliveringServer(school.id)
    try {
      await expect.poll(deduped, { timeout: 60_000, interval: 500 }).toEqual(['per_before', 'per_while_down', 'per_in_flight', 'per_behind'])
      expect(receiver.posts.filter(post => JSON.parse(post.body).id === 'per_in_flight').length).toBeGreaterThanOrEqual(2)
    } finally {
      await third.stop()
    }
  }, 150_000)

  it('two server processes on one database deliver 200 changes to each subscription, none twice and all in order', async () => {
    const receiver = await startReceiver()
    const paths = ['a', 'b', 'c', 'd'].map(name => `${receiver.url}/${name}`)
    const { school } = await subscribedSchool(paths)
    const servers: RunningServer[] = await Promise.all([deliveringServer(school.id), deliveringServer(school.id)])
    try {
      const ids = Array.from({ length: 200 }, (_, i) => `per_${String(i).padStart(4, '0')}`)
      for (let start = 0; start < ids.length; start += 10) {
        await writeChanges(school.context, async (_tx, changes) => {
          for (const id of ids.slice(start, start + 10)) changes.record('person.created', 'people', id)
        })
      }
      await expect.poll(() => receiver.posts.length, { timeout: 60_000, interval: 250 }).toBeGreaterThanOrEqual(800)
      for (const path of paths) {
        const received = receiver.posts.filter(post => post.path === new URL(path).pathname).map(post => JSON.parse(post.body).id)
        expect(received).toEqual(ids)
      }
      expect(new Set(receiver.posts.map(post => post.headers['service-delivery'])).size).toBe(800)
    } finally {
      await Promise.all(servers.map(server => server.stop()))
    }
  }, 120_000)
})
