import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { enquiries, messageRecipients, webhookDeliveries, webhookSubscriptions } from '../../../db/schema'
import { startSession } from '../../../server/domain/accounts/sessions'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { addStaffAccount } from '../../../server/domain/staff/staff-access'
import { createWebhookSubscription } from '../../../server/domain/webhooks/subscriptions'
import { callApi, type ApiRequest } from '../../support/api'
import { exitOf, sendEnquiries } from '../../support/enquiry-load'
import { expectEnvelope } from '../../support/envelope'
import { balancerPort, startBalancer, type Balancer } from '../../support/haproxy'
import { inOneMinute } from '../../support/minute-window'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'
import { readReceivedMail, startSmtpReceiver, type SmtpReceiver } from '../../support/smtp-receiver'
import { softAuthenticator } from '../../support/soft-authenticator'
import { uniqueEmail } from '../../support/staff-sessions'
import { privateAllowed, startReceiver } from '../../support/webhooks'

type School = Awaited<ReturnType<typeof newSchool>>

/** Adults with an address, each of a child in year 9 of the school: a message to year 9 mails each once. */
async function familiesOf(school: School, count: number) {
  const emails = Array.from({ length: count }, (_, i) => `district-${school.id}-${i}@example.org`)
  await writeChanges(school.context, async (tx, changes) => {
    for (const [i, email] of emails.entries()) {
      const child = await insertPerson(tx, changes, school.id, { familyName: `Tane${i}`, givenNames: 'Mere', dateOfBirth: '2012-02-03' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '9', campusId: null })
      const adult = await insertPerson(tx, changes, school.id, { familyName: `Tane${i}`, givenNames: 'Hemi', email })
      await insertParentalResponsibility(tx, changes, school.school, { adultId: adult, childId: child, relationship: 'parent',
        validFrom: '2013-01-01', validTo: null })
    }
  })
  return emails
}

const cookieOf = (answer: { headers: Headers }) => answer.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))?.split(';')[0]
/** Every acknowledged enquiry is stored (the school has families besides, so expectWholeEnquiries' count does not apply). */
async function expectStored(school: School, acknowledged: readonly string[]) {
  const stored = await school.database.db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.schoolId, school.id))
  const ids = new Set(stored.map(row => row.id))
  expect(acknowledged.filter(id => !ids.has(id))).toEqual([])
  return [...ids]
}

const countOf = (values: readonly string[]) => values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<string, number>())

/*
 * Issue 43 point 1: three instances on one database behind Debian's HAProxy, with the deployment's own configuration
 * (deploy/haproxy.cfg), serving three schools. Nothing is sticky: a session, its passkey proof and a rate-limit window
 * made at one instance hold at every other; the queues' work is done once with an instance killed mid-way; and an
 * instance told to stop is drained by the balancer without a request failing. Each server works only these schools'
 * webhooks and messages (ROLLBOOK_*_SCHOOLS), with leases short enough to see a dead one's taken up within seconds.
 */
describe('three instances behind HAProxy', () => {
  let schools: School[] = []
  let servers: RunningServer[] = []
  let balancer: Balancer | undefined
  let smtp: SmtpReceiver | undefined
  let publicUrl = ''

  beforeAll(async () => {
    schools = [await newSchool({ name: 'Harbour School' }), await newSchool({ name: 'Ridge School' }), await newSchool({ name: 'Valley School' })]
    smtp = await startSmtpReceiver()
    const port = await balancerPort()
    publicUrl = `http://localhost:${port}`
    const ids = schools.map(school => school.id).join(',')
    const env = {
      PUBLIC_URL: publicUrl, TRUSTED_PROXIES: '127.0.0.1', SMTP_URL: smtp.url, WEBHOOKS_ALLOW_PRIVATE: 'true',
      ROLLBOOK_WEBHOOK_SCHOOLS: ids, ROLLBOOK_MESSAGE_SCHOOLS: ids, ROLLBOOK_WEBHOOK_LEASE_MS: '3000', ROLLBOOK_MESSAGE_LEASE_MS: '2000',
      // Longer than the balancer's checks take to find a stopping instance down (two at one-second intervals).
      SHUTDOWN_DRAIN_SECONDS: '3'
    }
    servers = await Promise.all([startBuiltServer(env), startBuiltServer(env), startBuiltServer(env)])
    balancer = await startBalancer(port, servers.map(server => new URL(server.url).host))
    await balancer.untilUp(['app-1', 'app-2', 'app-3'])
  }, 120_000)

  afterAll(async () => {
    await balancer?.stop()
    await Promise.all(servers.map(server => server.stop()))
    await smtp?.close()
  })

  const balanced = () => balancer!.url.replace('localhost', '127.0.0.1')
  const at = (instance: number, path: string, cookie: string, request: ApiRequest = {}) =>
    callApi(path, { ...request, baseUrl: servers[instance]!.url, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } })

  it('serves a session begun at one instance at every other: its passkey, its step-up and its end', async () => {
    const school = schools[0]!
    const member = await addStaffAccount(school.context, { email: uniqueEmail('admin'), role: 'admin' })
    const authenticator = softAuthenticator(publicUrl)
    // An emailed code's session registers the account's first passkey: options from the first instance, answer at the second.
    const { secret } = await startSession(school.database, { id: member.id, schoolId: school.id }, 'code')
    const codeSession = `rollbook_session=${secret}`
    const registration = await at(0, '/api/app/passkeys/options', codeSession, { body: {} })
    expect(registration.status).toBe(200)
    const registered = await at(1, '/api/app/passkeys', codeSession, { body: { response: authenticator.register(registration.body), name: 'Laptop' } })
    expect(registered.status, JSON.stringify(registered.body)).toBe(201)

    // With a passkey on file, the code's session must prove it before adding another, at any instance; the proof is
    // asked for at the third, answered at the first, and holds at the second, where the old cookie no longer does.
    expectEnvelope(await at(2, '/api/app/passkeys/options', codeSession, { body: {} }), 403, 'step_up_required')
    const stepUpOptions = await at(2, '/api/app/session/step-up/options', codeSession, { body: {} })
    const steppedUp = await at(0, '/api/app/session/step-up', codeSession, { body: { response: authenticator.authenticate(stepUpOptions.body) } })
    expect(steppedUp.status, JSON.stringify(steppedUp.body)).toBe(200)
    const provenSession = cookieOf(steppedUp)!
    expect((await at(1, '/api/app/passkeys/options', provenSession, { body: {} })).status).toBe(200)
    expectEnvelope(await at(1, '/api/app/session', codeSession), 401, 'unauthenticated')

    // A passkey sign-in through the balancer, its options and answer at whichever instances it picks.
    const signInOptions = await callApi('/api/app/session/passkey/options', { baseUrl: balanced(), body: {} })
    const signedIn = await callApi('/api/app/session/passkey', { baseUrl: balanced(), body: { response: authenticator.authenticate(signInOptions.body) } })
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    const session = cookieOf(signedIn)!
    for (const instance of [0, 1, 2]) {
      expect((await at(instance, '/api/app/session', session)).body).toMatchObject({ account: { email: member.email }, session: { method: 'passkey' } })
    }
    // Signing out at one ends the session at all three at once.
    expect((await at(1, '/api/app/session', session, { method: 'DELETE' })).status).toBe(200)
    for (const instance of [0, 2]) expectEnvelope(await at(instance, '/api/app/session', session), 401, 'unauthenticated')
  })

  it('counts one rate-limit window for a client however the balancer spreads its requests', async () => {
    // 36 sign-in options from one client address: the balancer sends a third to each instance, and reports the
    // client, whom the instances trust it to name; the 31st and later are refused wherever they land.
    let client = 4
    const statuses = await inOneMinute(15, async () => {
      const localAddress = `127.0.0.${++client}`
      const answers = []
      for (let i = 0; i < 36; i += 6) {
        answers.push(...await Promise.all(Array.from({ length: 6 }, () =>
          callApi('/api/app/session/passkey/options', { baseUrl: balanced(), body: {}, localAddress }))))
      }
      return answers.map(answer => answer.status)
    })
    expect(statuses.filter(status => status === 200)).toHaveLength(30)
    expect(statuses.filter(status => status === 429)).toHaveLength(6)
    // Another client's window is its own.
    expect((await callApi('/api/app/session/passkey/options', { baseUrl: balanced(), body: {}, localAddress: '127.0.0.99' })).status).toBe(200)
  })

  it('replays a write under its Idempotency-Key at another instance, and refuses the key with another body at a third', async () => {
    const school = await newSchool({ name: 'Retrying School' })
    const token = await school.token(['enquiry.write'])
    const body = { student: { familyName: 'Once', givenNames: 'Only' }, enquirer: { familyName: 'Once', givenNames: 'Parent', email: 'once@example.org' } }
    const headers = { 'idempotency-key': 'district-retry-1' }
    const first = await callApi('/api/v1/enquiries', { baseUrl: servers[0]!.url, token, body, headers })
    expect(first.status).toBe(201)
    const replay = await callApi('/api/v1/enquiries', { baseUrl: servers[1]!.url, token, body, headers })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotency-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expectEnvelope(await callApi('/api/v1/enquiries', { baseUrl: servers[2]!.url, token, body: { ...body, channel: 'phone' }, headers }), 409, 'conflict')
    expect(await expectStored(school, [first.body.id])).toEqual([first.body.id])
  })

  it('delivers every webhook, message mail and emergency mail once with an instance killed mid-way', async () => {
    // Each post takes a moment, so each instance is mid-subscription when one is killed.
    const receiver = await startReceiver(() => (response) => {
      setTimeout(() => response.writeHead(200).end('ok'), 25)
    })
    const subscriptions: string[] = []
    const tokens: string[] = []
    const emails: string[] = []
    for (const school of schools) {
      const reader = await school.tokenWithId(['person.read'])
      const subscription = await createWebhookSubscription(school.context,
        { url: `${receiver.url}/${school.id}`, kinds: ['enquiry.created'], tokenId: reader.id }, privateAllowed)
      subscriptions.push(subscription.id)
      tokens.push(await school.token(['enquiry.write']))
      emails.push(...await familiesOf(school, 12))
    }
    // A message to each school's year 9, and an emergency at the last (its own queue, `messages:emergency`, four batches at once).
    const messages = await Promise.all(schools.map(school => sendMessage(school.context, { subject: 'Sports day', body: 'Sports day is on Friday.',
      audience: ['year:9'] })))
    messages.push(await sendMessage(schools[2]!.context, { subject: 'Gates closed', body: 'The gates are closed until noon.', audience: ['year:9'],
      emergency: true }))
    const recipientsInAll = emails.length + 12

    // Enquiries for all three schools through the balancer, until one instance holding work is killed and 40 a school are in.
    const killed: { server?: RunningServer, subscriptions: string[], recipients: number } = { subscriptions: [], recipients: 0 }
    const database = schools[0]!.database
    const killAHolder = async () => {
      for (;;) {
        const held = await database.db.select({ id: webhookSubscriptions.id, owner: webhookSubscriptions.leaseOwner }).from(webhookSubscriptions)
          .where(and(inArray(webhookSubscriptions.id, subscriptions), isNotNull(webhookSubscriptions.leaseOwner)))
        const holder = servers.find(server => held.some(row => row.owner!.includes(`:${server.process.pid}:`)))
        if (holder) {
          holder.process.kill('SIGKILL')
          const recipients = await database.db.select({ owner: messageRecipients.leaseOwner }).from(messageRecipients)
            .where(and(inArray(messageRecipients.messageId, messages.map(message => message.id)), isNotNull(messageRecipients.leaseOwner)))
          Object.assign(killed, {
            server: holder,
            subscriptions: held.filter(row => row.owner!.includes(`:${holder.process.pid}:`)).map(row => row.id),
            recipients: recipients.filter(row => row.owner!.includes(`:${holder.process.pid}:`)).length
          })
          await exitOf(holder.process)
          return
        }
        await new Promise(done => setTimeout(done, 20))
      }
    }
    let killing: Promise<void> | undefined
    const loads = await Promise.all(schools.map((school, index) => sendEnquiries([balanced()], tokens[index]!, {
      concurrency: 3,
      stop: () => false,
      limit: 40,
      onAcknowledged: (count) => {
        if (index === 0 && count >= 10) killing ??= killAHolder()
      }
    })))
    await killing
    expect(killed.subscriptions.length).toBeGreaterThan(0)

    for (const [index, school] of schools.entries()) {
      // The balancer lost no acknowledged write; none was sent twice (each stored one was acknowledged, or in flight at the kill).
      const stored = await expectStored(school, loads[index]!.acknowledged)
      expect(stored.length - loads[index]!.acknowledged.length).toBeLessThanOrEqual(loads[index]!.unacknowledged)
      const posts = () => receiver.posts.filter(post => post.path === `/hook/${school.id}`)
      await expect.poll(() => new Set(posts().map(post => JSON.parse(post.body).id)).size, { timeout: 45_000, interval: 250 }).toBe(stored.length)
      const byDelivery = new Map(posts().map(post => [post.headers['service-delivery'] as string, JSON.parse(post.body).id as string]))
      expect([...byDelivery.values()].sort()).toEqual([...stored].sort())
      // Sent twice only if it was in flight at the instance that died.
      expect(posts().length - byDelivery.size).toBeLessThanOrEqual(killed.subscriptions.includes(subscriptions[index]!) ? 1 : 0)
      await expect.poll(async () => (await database.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, subscriptions[index]!))).every(row => row.status === 'delivered'), { timeout: 10_000 }).toBe(true)
    }

    const messageIds = messages.map(message => message.id)
    await expect.poll(async () => (await database.db.select({ status: messageRecipients.status }).from(messageRecipients)
      .where(inArray(messageRecipients.messageId, messageIds))).filter(row => row.status === 'sent').length, { timeout: 45_000, interval: 250 })
      .toBe(recipientsInAll)
    // Each recipient row is one mail under a Message-ID of its own: every one arrived, to every family, and one went twice
    // only if the instance that died held its row (one mail at a time for each batch it worked).
    const mails = smtp!.mails.filter(mail => mail.to.some(to => emails.includes(to)))
    const byMessageId = countOf(mails.map(mail => readReceivedMail(mail).headers.get('message-id')!))
    expect(byMessageId.size).toBe(recipientsInAll)
    expect(new Set(mails.map(mail => mail.to[0]!))).toEqual(new Set(emails))
    const repeats = [...byMessageId.values()].reduce((sum, count) => sum + count - 1, 0)
    expect(repeats).toBeLessThanOrEqual(Math.min(killed.recipients, 5))

    const logs = servers.map(server => server.output()).join('\n')
    expect(logs).not.toContain('Tane')
    expect(logs).not.toContain('Sports day')
    expect(logs).not.toContain('Gates closed')
  }, 120_000)

  it('drains an instance told to stop: the balancer sends it nothing new, and no request through it fails', async () => {
    const running = servers.filter(server => server.process.exitCode === null && server.process.signalCode === null)
    expect(running.length).toBeGreaterThanOrEqual(2)
    const school = await newSchool({ name: 'Draining School' })
    // Eight senders, each with a token of its own and within its 30 enquiries a minute.
    const tokens = await Promise.all(Array.from({ length: 8 }, () => school.token(['enquiry.write'])))
    let stopped = false
    let stopping: Promise<void> | undefined
    let acknowledgedInAll = 0
    const loads = await Promise.all(tokens.map(token => sendEnquiries([balanced()], token, {
      concurrency: 1,
      limit: 30,
      stop: () => stopped,
      onAcknowledged: () => {
        if (++acknowledgedInAll === 40) {
          stopping = (async () => {
            running[0]!.process.kill('SIGTERM')
            // It says so to the balancer's checks while it still serves.
            await expect.poll(async () => (await callApi('/health', { baseUrl: running[0]!.url })).body.status, { interval: 50 }).toBe('draining')
            expect(await exitOf(running[0]!.process)).toBe(0)
            // Then on through the others for a while.
            await new Promise(done => setTimeout(done, 2000))
            stopped = true
          })()
        }
      }
    })))
    const load = { acknowledged: loads.flatMap(one => one.acknowledged), refusals: loads.flatMap(one => one.refusals) }
    await stopping
    expect(load.refusals).toEqual([])
    expect(load.acknowledged.length).toBeGreaterThan(40)
    expect((await expectStored(school, load.acknowledged)).length).toBe(load.acknowledged.length)
    const name = `app-${servers.indexOf(running[0]!) + 1}`
    await expect.poll(async () => (await balancer!.states())[name], { timeout: 10_000 }).toMatch(/DOWN/)
  }, 60_000)
})
