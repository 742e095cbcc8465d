/**
 * The emergency row of `npm run bench` (issue 38): an administrator sends an emergency notice through its route to the
 * fewest whole year groups of the large school that reach 10,000 adults, every one with a phone and a browser that turned
 * notifications on, so it goes on all three channels at once. Measured: the seconds until the route answers, and for each
 * channel the seconds until every notice was handed over (the bench's loopback SMTP server has every email; the server
 * recorded every text as taken by the bench's own Kannel; the bench's push service decrypted every push), and the
 * server's peak resident memory meanwhile. Target: every notice handed over within 2 minutes. Each is counted once:
 * an address, a number's delivery or a device seen twice is a miss.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { SmtpReceiver } from '../../tests/support/smtp-receiver'
import { startKannel } from '../../tests/support/kannel'
import { startPushService } from '../../tests/support/push-service'
import { appCall } from './app-call'
import { peakRssMb, resetPeak } from './peak-memory'
import { deliveryCounter } from './delivery-counts'

export const emergencyTargets = { adults: 10_000, handedOverSeconds: 120 }

/** How long the row waits before it reports what was handed over: well past the target, so a miss still has a figure. */
const deadlineSeconds = 300

export interface EmergencyRow {
  adults: number
  audience: string[]
  acceptSeconds: number
  channels: { channel: string, expected: number, handedOver: number, seconds: number }[]
  peakMb: number
  missed: string[]
}

/** The fewest whole year groups, from the last year level down, that reach `emergencyTargets.adults` adults. */
async function audienceOfAtLeast(serverUrl: string, cookie: string) {
  const { yearLevels } = await appCall(serverUrl, cookie, '/api/app/people/choices') as { yearLevels: string[] }
  const audience: string[] = []
  for (const level of [...yearLevels].reverse()) {
    audience.push(`year:${level}`)
    const preview = await appCall(serverUrl, cookie, '/api/app/messages/preview', { audience })
    if (preview.adultCount >= emergencyTargets.adults) return { audience, adults: preview.adults as { id: string, hasEmail: boolean }[] }
  }
  throw new Error(`The whole school reaches fewer than ${emergencyTargets.adults} adults: the emergency row needs a larger school.`)
}

export interface EmergencyOptions {
  serverUrl: string
  serverPid: number
  databaseUrl: string
  schoolId: string
  cookie: string
  receiver: SmtpReceiver
  step: (args: string[]) => { cookie: string, devices: number }
}

export async function benchEmergency(options: EmergencyOptions): Promise<EmergencyRow> {
  const { serverUrl, cookie, receiver } = options
  const kannel = await startKannel()
  const pushService = await startPushService()
  const counts = deliveryCounter(options.databaseUrl)
  const folder = mkdtempSync(join(tmpdir(), 'rollbook-bench-emergency-'))
  try {
    const { audience, adults } = await audienceOfAtLeast(serverUrl, cookie)
    const { pushPublicKey } = await appCall(serverUrl, cookie, '/api/app/notifications/settings')
    const devices = adults.map((adult) => {
      const { endpoint, keys } = pushService.subscribe({ applicationServerKey: pushPublicKey })
      return { adultId: adult.id, endpoint, keys }
    })
    writeFileSync(join(folder, 'setup.json'), JSON.stringify({ gateway: { sendsmsUrl: kannel.sendsmsUrl, username: kannel.username,
      password: kannel.password }, devices }))
    const proven = options.step(['scripts/bench/emergency-setup.ts', options.schoolId, join(folder, 'setup.json')])
    const emails = adults.filter(adult => adult.hasEmail).length
    const before = receiver.mails.length
    const peakIsOwn = resetPeak(options.serverPid)
    const started = performance.now()
    const sent = await appCall(serverUrl, proven.cookie, '/api/app/messages/emergency', {
      subject: 'Bench: the school is closed today', body: 'The school is closed today because of flooding. Please collect your children by noon.', audience
    })
    const acceptSeconds = (performance.now() - started) / 1000
    const texts = await counts.expected(sent.id, 'sms')
    const done: Record<string, number> = {}
    const handed = async () => ({
      email: receiver.mails.length - before,
      sms: await counts.handedOver(sent.id, 'sms'),
      push: pushService.received.length
    })
    const expected: Record<string, number> = { email: emails, sms: texts, push: devices.length }
    let now = await handed()
    while (performance.now() - started < deadlineSeconds * 1000) {
      now = await handed()
      for (const channel of Object.keys(expected)) {
        if (done[channel] === undefined && now[channel as keyof typeof now] >= expected[channel]!) done[channel] = (performance.now() - started) / 1000
      }
      if (Object.keys(done).length === 3) break
      await new Promise(resolve => setTimeout(resolve, 100))
    }
    const channels = Object.keys(expected).map(channel => ({
      channel, expected: expected[channel]!, handedOver: now[channel as keyof typeof now], seconds: done[channel] ?? (performance.now() - started) / 1000
    }))
    const missed: string[] = []
    if (sent.adultCount < emergencyTargets.adults) missed.push(`reached ${sent.adultCount} adults, not ${emergencyTargets.adults}`)
    for (const row of channels) {
      if (row.handedOver < row.expected) missed.push(`${row.channel}: ${row.expected - row.handedOver} not handed over after ${deadlineSeconds} s`)
      else if (!(row.seconds < emergencyTargets.handedOverSeconds)) {
        missed.push(`${row.channel}: handed over in not under ${emergencyTargets.handedOverSeconds} s`)
      }
    }
    const addresses = new Set(receiver.mails.slice(before).flatMap(mail => mail.to))
    if (addresses.size !== receiver.mails.length - before) missed.push(`${receiver.mails.length - before - addresses.size} emails arrived twice`)
    if (new Set(pushService.received.map(push => push.id)).size !== pushService.received.length) missed.push('a device was pushed to twice')
    if (texts < adults.length * 0.9) missed.push(`only ${texts} adults had a number texts could go to`)
    return { adults: sent.adultCount, audience, acceptSeconds, channels, peakMb: peakIsOwn ? peakRssMb(options.serverPid) : Number.NaN, missed }
  } finally {
    rmSync(folder, { recursive: true, force: true })
    await counts.close()
    await pushService.close()
    await kannel.stop()
  }
}

/** Prints the row; answers 1 when it missed a target. */
export function printEmergencyRow(row: EmergencyRow): number {
  const count = (n: number) => n.toLocaleString('en')
  console.log(`  emergency: ${row.audience.join(', ')}: ${count(row.adults)} adults; accepted in ${row.acceptSeconds.toFixed(2)} s;`
    + ` ${row.channels.map(one => `${one.channel} ${count(one.handedOver)}/${count(one.expected)} in ${one.seconds.toFixed(1)} s`).join(', ')}`
    + ` (target < ${emergencyTargets.handedOverSeconds} s each); server peak ${row.peakMb.toFixed(0)} MB`
    + `  ${row.missed.length ? 'MISSED: ' + row.missed.join('; ') : 'ok'}`)
  return row.missed.length ? 1 : 0
}
