/**
 * Setup for the emergency row (issue 38), in a process of its own as the other bench steps: in the school named, the
 * school's text gateway set to the bench's Kannel, a browser's push subscription for each adult given in the file (made
 * by the bench's push service, each adult with an account of their own, as a family that turned notifications on), and an
 * administrator's session proven by a passkey, as the emergency route asks. Written straight to the tables: this is the
 * bench's school, not a measurement. Prints, as JSON, the session's cookie and how many devices were added.
 */
import { readFileSync } from 'node:fs'
import { openDatabase } from '../../db/client'
import { accounts, pushSubscriptions } from '../../db/schema'
import { bulkInsert } from '../../db/bulk-insert'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { addStaffAccount } from '../../server/domain/staff/staff-access'
import { startSession } from '../../server/domain/accounts/sessions'
import { updateNotificationSettings } from '../../server/domain/notifications/notification-settings'
import { newId } from '../../server/domain/shared/ids'

interface Setup {
  gateway: { sendsmsUrl: string, username: string, password: string }
  devices: { adultId: string, endpoint: string, keys: { p256dh: string, auth: string } }[]
}

const [schoolId = '', file = ''] = process.argv.slice(2)
const setup = JSON.parse(readFileSync(file, 'utf8')) as Setup
const database = openDatabase()
const context = systemContext(database, await requireSchool(database, schoolId), 'bench')
await updateNotificationSettings(context, {
  digestTime: '17:00', optionalKinds: ['school'],
  textGateway: { kind: 'kannel', ...setup.gateway, from: '+61400000000', sendsPerSecond: 500 }
})
const at = new Date().toISOString()
const rows = setup.devices.map(device => ({ ...device, accountId: newId('acc') }))
await database.transaction(async (tx) => {
  await bulkInsert(tx, accounts, rows.map(row => ({ id: row.accountId, schoolId, email: `bench-device-${row.accountId}@example.invalid`,
    personId: row.adultId, createdAt: at })))
  await bulkInsert(tx, pushSubscriptions, rows.map(row => ({
    id: newId('psh'), schoolId, adultId: row.adultId, accountId: row.accountId, endpoint: row.endpoint, p256dh: row.keys.p256dh, auth: row.keys.auth,
    label: 'Bench', createdAt: at
  })))
})
const member = await addStaffAccount(context, { email: `bench-emergency-${schoolId}@example.org`, role: 'admin' })
const { secret } = await startSession(database, { id: member.id, schoolId }, 'passkey')
console.log(JSON.stringify({ cookie: `rollbook_session=${secret}`, devices: rows.length }))
await database.close()
