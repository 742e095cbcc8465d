/**
 * Reads, beside the server, how many of a message's text or push deliveries it queued and how many it has handed over
 * (sent, or delivered since): the emergency row's count of what the gateway took. A read-only connection of the bench's own.
 */
import { resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import postgres from 'postgres'
import { readDatabaseConfig } from '../../db/config'
import { projectRoot } from '../built-server'

const handedOverStatuses = `'sent', 'delivered'`

export function deliveryCounter(url: string) {
  const config = readDatabaseConfig(url)
  const countsOf = (where: string) => `select count(*) as n from notification_deliveries where message_id = $1 and channel = $2${where}`
  if (config.dialect === 'sqlite') {
    const reader = new BetterSqlite3(resolve(projectRoot, config.path), { readonly: true })
    const count = (where: string) => reader.prepare(countsOf(where).replace('$1', '?').replace('$2', '?'))
    const all = count('')
    const handed = count(` and status in (${handedOverStatuses})`)
    return {
      expected: async (messageId: string, channel: string) => Number((all.get(messageId, channel) as { n: number }).n),
      handedOver: async (messageId: string, channel: string) => Number((handed.get(messageId, channel) as { n: number }).n),
      close: async () => void reader.close()
    }
  }
  const client = postgres(config.url, { max: 1, onnotice: () => {} })
  const read = async (where: string, messageId: string, channel: string) => Number((await client.unsafe<{ n: string }[]>(countsOf(where), [messageId,
    channel]))[0]!.n)
  return {
    expected: (messageId: string, channel: string) => read('', messageId, channel),
    handedOver: (messageId: string, channel: string) => read(` and status in (${handedOverStatuses})`, messageId, channel),
    close: () => client.end({ timeout: 1 })
  }
}
