/**
 * The push channel's sender (channel-delivery.ts): a notice or a digest as a Web Push to one browser or
 * phone, signed with the school's VAPID key and encrypted for the subscription (push/send-push.ts). A
 * subscription the push service says is gone (404, 410) is removed, and the delivery bounces; an
 * emergency goes with high urgency and is kept a day for a phone that is off, any other notice a week.
 */
import { and, eq } from 'drizzle-orm'
import { pushSubscriptions } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { publicUrl } from '../shared/public-url'
import type { ChannelSender, HandOver, NoticeToSend } from './channel-delivery'
import { pushOfDigest, pushOfNotice } from './notice-words'
import { vapidKeysOf } from './notification-settings'
import { noticePush } from './push/push-payload'
import { sendPush } from './push/send-push'

const day = 24 * 3600

/**
 * Whom push services write to about the school's pushes (RFC 8292, `sub`): the deployment's https address,
 * else the school's sending address from `MAIL_FROM`; Apple's service refuses a placeholder such as `@localhost`.
 */
function vapidSubject(): string {
  const url = publicUrl()
  if (url.startsWith('https:')) return url
  const address = /<([^>]+)>/.exec(process.env.MAIL_FROM ?? '')?.[1] ?? process.env.MAIL_FROM
  return `mailto:${address && address.includes('@') ? address : 'rollbook@localhost'}`
}

export function pushSender(): ChannelSender {
  // Read and opened once per batch and school, as the texts' gateway is (texts.ts): not once per push.
  const keys = new Map<string, Promise<{ publicKey: string, privateKey: string }>>()
  const keysOf = (database: Database, schoolId: string) => {
    if (!keys.has(schoolId)) keys.set(schoolId, vapidKeysOf(database, schoolId))
    return keys.get(schoolId)!
  }
  return {
    channel: 'push',
    async handOver({ row, school, reader, message }: NoticeToSend, database: Database): Promise<HandOver> {
      const [subscription] = await database.db.select().from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.schoolId, row.schoolId), eq(pushSubscriptions.id, row.target)))
      if (!subscription) return { handed: false, permanent: true, summary: 'Not sent: the device turned notifications off' }
      const fields = message
        ? pushOfNotice(reader.language, { school: school.name, subject: message.subject, emergency: message.emergency,
            url: `/family/messages/${message.id}`, tag: message.id })
        : pushOfDigest(reader.language, { school: school.name, count: row.digestCount ?? 0, url: '/family/messages', tag: 'digest' })
      const checked = noticePush(fields)
      if ('refused' in checked) return { handed: false, permanent: true, summary: `Not sent: ${checked.refused}` }
      const outcome = await sendPush(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        checked.push,
        { ...await keysOf(database, row.schoolId), subject: vapidSubject() },
        message?.emergency ? { ttlSeconds: day, urgency: 'high' } : { ttlSeconds: 7 * day, urgency: 'normal' }
      )
      if ('expired' in outcome) {
        await database.transaction(tx => tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id)))
        return { handed: false, permanent: true, summary: `${outcome.status}: the push service says the subscription is gone; it was removed` }
      }
      return outcome.accepted ? { handed: true } : { handed: false, permanent: outcome.permanent, summary: outcome.summary }
    },
    done: () => keys.clear()
  }
}
