/**
 * The text channel's sender (channel-delivery.ts): a notice or a digest as one text through the school's
 * gateway (Kannel's sendsms or Twilio's Messages API, texts/), spaced to the gateway's sends per second.
 * What a text says is short and in the adult's language: the school, the notice's subject, a link to it in
 * the portal (notice-words.ts). A number that replied STOP since the notice was queued gets nothing.
 * The delivery's id goes to the gateway as its reference, and comes back in the delivery report.
 */
import type { Database } from '../../../db/client'
import { publicUrl } from '../shared/public-url'
import type { ChannelSender, HandOver, NoticeToSend } from './channel-delivery'
import { digestText, noticeText } from './notice-words'
import { stoppedNumbers } from './notification-choices'
import { textGatewaySettings } from './notification-settings'
import type { TextGateway } from './texts/text-gateway'
import { textGatewayFor } from './texts/gateway-for-settings'
import { sendRateLimiter, type SendRate } from './texts/send-rate'

/** One limiter per school's gateway and rate, for the life of the process: the rate is the gateway's, across batches. */
const limiters = new Map<string, SendRate>()

function limiterFor(schoolId: string, sendsPerSecond: number): SendRate {
  const key = `${schoolId} ${sendsPerSecond}`
  let limiter = limiters.get(key)
  if (!limiter) {
    limiter = sendRateLimiter({ sendsPerSecond })
    limiters.set(key, limiter)
  }
  return limiter
}

/** The school's gateway as stored, its secret opened, reporting deliveries to `reportUrl` when given; undefined when it has none. */
export async function schoolTextGateway(database: Database, schoolId: string, reports = true) {
  const settings = await textGatewaySettings(database, schoolId)
  if (!settings) return undefined
  const { gateway: stored, secret } = settings
  const reportUrl = reports ? (reference: string) => `${publicUrl()}/hooks/texts/report?key=${settings.hookKey}&reference=${reference}` : undefined
  const gateway = stored.kind === 'kannel'
    ? textGatewayFor({ kind: 'kannel', sendsmsUrl: stored.sendsmsUrl, username: stored.username, password: secret, from: stored.from,
        deliveryReportUrl: reportUrl })
    : textGatewayFor({ kind: 'twilio', accountSid: stored.accountSid, authToken: secret, from: stored.from,
        messagingServiceSid: stored.messagingServiceSid, statusCallbackUrl: reportUrl })
  return { gateway, sendsPerSecond: stored.sendsPerSecond }
}

/** The gateway and its limiter, read once per batch. */
async function gatewayOf(database: Database, schoolId: string): Promise<{ gateway: TextGateway, limiter: SendRate } | undefined> {
  const found = await schoolTextGateway(database, schoolId)
  return found && { gateway: found.gateway, limiter: limiterFor(schoolId, found.sendsPerSecond) }
}

export function textSender(): ChannelSender {
  const gateways = new Map<string, Awaited<ReturnType<typeof gatewayOf>>>()
  return {
    channel: 'sms',
    async handOver({ row, school, reader, message }: NoticeToSend, database: Database): Promise<HandOver> {
      if (!gateways.has(row.schoolId)) gateways.set(row.schoolId, await gatewayOf(database, row.schoolId))
      const found = gateways.get(row.schoolId)
      if (!found) return { handed: false, permanent: true, summary: 'Not sent: the school has no text gateway' }
      if ((await stoppedNumbers(database, row.schoolId, [row.target])).has(row.target)) {
        return { handed: false, permanent: true, summary: 'Not sent: the number replied STOP' }
      }
      const text = message
        ? noticeText(reader.language, { school: school.name, subject: message.subject, emergency: message.emergency,
            link: `${publicUrl()}/family/messages/${message.id}` })
        : digestText(reader.language, { school: school.name, count: row.digestCount ?? 0, link: `${publicUrl()}/family/messages` })
      await found.limiter.take()
      const outcome = await found.gateway.sendText({ to: row.target, text, reference: row.id })
      return outcome.accepted ? { handed: true, providerId: outcome.providerId } : { handed: false, permanent: outcome.permanent, summary: outcome.summary }
    },
    done: () => gateways.clear()
  }
}
