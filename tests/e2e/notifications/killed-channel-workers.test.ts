import { createServer, type Server } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { notificationDeliveries } from '../../../db/schema'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { sendMessage } from '../../../server/domain/messages/send-message'
import { setNotificationChoices } from '../../../server/domain/notifications/notification-choices'
import { addPushDevice } from '../../../server/domain/notifications/push-devices'
import { updateNotificationSettings, vapidKeysOf } from '../../../server/domain/notifications/notification-settings'
import { destinationPolicy, setDestinationPolicy } from '../../../server/domain/webhooks/destinations'
import { familySession } from '../../support/family-sessions'
import { startKannel, type Kannel } from '../../support/kannel'
import { eventually } from '../../support/notification-queues'
import { startPushService, type PushService } from '../../support/push-service'
import { newSchool } from '../../support/schools'
import { startBuiltServer, type RunningServer } from '../../support/server-process'

/*
 * Issue 38, "a server killed mid-send sends each notice once per channel after restart": the text and push
 * queues under the mail queue's rule (tests/e2e/messages/message-delivery.test.ts), each killed in turn
 * while a hand-over is on the wire. The push being posted when the first server dies is dropped unanswered
 * and must come again; the text being asked of the gateway when the second dies never reaches Kannel and must
 * come again. Every notice reaches its device and its handset; a repeat is possible only for a hand-over that
 * another batch had in flight at the kill (at least once across the gateway's boundary), never more.
 */
const adults = 16
/** The batches each queue works at once (notifications/delivery-queues.ts). */
const batchesAtOnce = { push: 4, sms: 8 }

/** A server that works only this school's queues, with a short lease so a killed server's rows are taken up in seconds. */
function channelServer(schoolId: string) {
  return startBuiltServer({ ROLLBOOK_MESSAGE_SCHOOLS: schoolId, ROLLBOOK_MESSAGE_LEASE_MS: '2000', WEBHOOKS_ALLOW_PRIVATE: 'true' })
}

/** Kannel's sendsms behind a loopback hop the test controls: `intercept` may end the request before Kannel sees it. */
async function sendsmsHop(kannel: Kannel, intercept: () => 'forward' | 'drop') {
  const hop: Server = createServer((request, response) => {
    if (intercept() === 'drop') {
      request.socket.destroy()
      return
    }
    const target = new URL(request.url ?? '/', kannel.sendsmsUrl)
    fetch(new URL(`${new URL(kannel.sendsmsUrl).pathname}${target.search}`, kannel.sendsmsUrl)).then(async (answer) => {
      response.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end(await answer.text())
    }, () => response.destroy())
  })
  await new Promise<void>(done => hop.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(hop.address() as { port: number }).port}/cgi-bin/sendsms`,
    close: () => new Promise<void>(done => hop.close(() => done()))
  }
}

const countOf = (values: readonly string[]) => values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<string, number>())

describe('text and push workers killed mid-send', () => {
  const stops: (() => Promise<unknown>)[] = []
  const policyBefore = destinationPolicy()
  afterAll(async () => {
    setDestinationPolicy(policyBefore)
    for (const stop of stops.reverse()) await stop()
  })

  it('hand every text and push over after a restart, each at least once and repeated only where another batch was in flight', async () => {
    // The push service listens on loopback: devices are taken here as by the servers started with WEBHOOKS_ALLOW_PRIVATE.
    setDestinationPolicy({ allowPrivate: true })
    const school = await newSchool({ name: 'Kowhai School' })
    const numbers = Array.from({ length: adults }, (_, i) => `+6140033${String(i).padStart(4, '0')}`)
    const adultIds: string[] = []
    await writeChanges(school.context, async (tx, changes) => {
      for (const [i, phone] of numbers.entries()) {
        const child = await insertPerson(tx, changes, school.id, { familyName: `Kowhai${i}`, givenNames: 'Rangi', dateOfBirth: '2013-05-06' })
        await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '8', campusId: null })
        const adult = await insertPerson(tx, changes, school.id, { familyName: `Kowhai${i}`, givenNames: 'Aroha', email: null, phone })
        await insertParentalResponsibility(tx, changes, school.school, { adultId: adult, childId: child, relationship: 'parent',
          validFrom: '2014-01-01', validTo: null })
        adultIds.push(adult)
      }
    })

    let running: RunningServer | undefined
    const servers: RunningServer[] = []
    let phase: 'pushes' | 'texts' | 'done' = 'pushes'
    let textsAskedInPhase = 0
    const kill = () => {
      running!.process.kill('SIGKILL')
    }
    const pushService: PushService = await startPushService({
      // The first server dies while its seventh push is on the wire.
      beforeAccept: () => {
        if (phase === 'pushes' && pushService.received.length === 6) {
          phase = 'texts'
          kill()
          return 'drop'
        }
        return 'accept'
      }
    })
    stops.push(() => pushService.close())
    const kannel = await startKannel()
    stops.push(() => kannel.stop())
    const hop = await sendsmsHop(kannel, () => {
      // The second server dies asking the gateway for its third text.
      if (phase === 'texts' && servers.length === 2 && ++textsAskedInPhase === 3) {
        phase = 'done'
        kill()
        return 'drop'
      }
      return 'forward'
    })
    stops.push(() => hop.close())

    await updateNotificationSettings(school.context, { digestTime: '17:00', optionalKinds: ['school'],
      // Four a second: the pushes are all on their way long before the texts are.
      textGateway: { kind: 'kannel', sendsmsUrl: hop.url, username: kannel.username, password: kannel.password, from: '+61400339999', sendsPerSecond: 4 } })
    const { publicKey } = await vapidKeysOf(school.database, school.id)
    const devices = []
    for (const adultId of adultIds) {
      const device = pushService.subscribe({ applicationServerKey: publicKey })
      await addPushDevice(school.context, { adultId, accountId: (await familySession(school, adultId)).accountId }, device, undefined)
      // The family's sign-in gave them an address: texts at once are their choice, pushes the default.
      await setNotificationChoices(school.context, adultId, { choices: [{ kind: 'school', channel: 'sms', mode: 'instant' }] })
      devices.push(device.id)
    }

    const start = async () => {
      const server = await channelServer(school.id)
      stops.push(() => server.stop())
      servers.push(server)
      return server
    }
    running = await start()
    const sent = await sendMessage(school.context, { subject: 'Camp bus leaves at eight', body: 'Rangi, bring a raincoat.', audience: ['year:8'] })
    let logs = ''
    for (const awaited of ['pushes', 'texts'] as const) {
      await eventually(() => phase !== awaited || undefined, `the server killed while handing over ${awaited}`)
      const killed = running.process
      if (killed.exitCode === null && killed.signalCode === null) await new Promise(done => killed.once('exit', done))
      logs += running.output()
      running = await start()
    }

    const rows = () => school.database.db.select().from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.schoolId, school.id), eq(notificationDeliveries.messageId, sent.id)))
    await eventually(async () => (await rows()).every(row => ['sent', 'delivered'].includes(row.status)) || undefined,
      'every text and push recorded as handed over')
    const settled = await rows()
    expect(settled.map(row => row.channel).sort()).toEqual([...Array(adults).fill('push'), ...Array(adults).fill('sms')])

    const pushes = countOf(pushService.received.map(push => push.id))
    expect([...pushes.keys()].sort()).toEqual([...devices].sort())
    const texts = countOf((await kannel.waitForReceived(adults)).map(text => text.to))
    await new Promise(done => setTimeout(done, 1000))
    const textsAfter = countOf(kannel.received().map(text => text.to))
    expect([...textsAfter.keys()].sort()).toEqual([...numbers].sort())
    expect(texts.size).toBeLessThanOrEqual(textsAfter.size)
    // Only a hand-over another batch had on the wire at the kill can go twice: never more than the batches at once.
    const repeats = (counts: Map<string, number>) => [...counts.values()].reduce((sum, count) => sum + count - 1, 0)
    expect(repeats(pushes)).toBeLessThan(batchesAtOnce.push)
    expect(repeats(textsAfter)).toBeLessThan(batchesAtOnce.sms)

    await running.stop()
    logs += running.output()
    expect(logs).not.toContain('Rangi')
    expect(logs).not.toContain('Camp bus')
    for (const number of numbers) expect(logs).not.toContain(number)
  })
})
