/**
 * Setup for the absences row (issue 39), in a process of its own as the other bench steps. In the large school: its
 * text gateway set to the bench's Kannel, a token holding `absence.write` for the attendance system, and the first
 * students on the roll today (by id, as many as the row asks), whom the morning's burst names. In the demo school: today's absences as a
 * morning has them, written straight to the tables (this is the bench's school, not a measurement): a report for one
 * student in twelve, a third of them acknowledged and some for part of the day, and one in forty found by the register
 * with no report, each already told. Prints, as JSON, the token and the students' ids.
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import { openDatabase } from '../../db/client'
import { absences, affiliations, parentalResponsibilities, unexplainedAbsences } from '../../db/schema'
import { bulkInsert } from '../../db/bulk-insert'
import { requireSchool } from '../../server/domain/schools/find-school'
import { systemContext } from '../../server/domain/shared/context'
import { updateNotificationSettings } from '../../server/domain/notifications/notification-settings'
import { issueToken } from '../../server/domain/tokens/manage-tokens'
import { newId } from '../../server/domain/shared/ids'
import { todayInZone } from '../../server/domain/days/clock'
import { inForceOn } from '../../server/domain/days/in-force'
import { recordedActor } from '../../server/domain/shared/actor'

const [largeSchoolId = '', demoSchoolId = '', sendsmsUrl = '', username = '', password = '', burst = '0'] = process.argv.slice(2)
const database = openDatabase()
const large = systemContext(database, await requireSchool(database, largeSchoolId), 'bench')
await updateNotificationSettings(large, {
  digestTime: '17:00', optionalKinds: ['school'], textGateway: { kind: 'kannel', sendsmsUrl, username, password, from: '+61400000000', sendsPerSecond: 500 }
})
const { token } = await issueToken(large, { purpose: 'bench attendance system', scopes: ['absence.write'] })
const today = todayInZone(large.school.timeZone)
const students = (schoolId: string, limit: number) => database.db.selectDistinct({ id: affiliations.personId }).from(affiliations)
  .where(and(eq(affiliations.schoolId, schoolId), eq(affiliations.kind, 'student'), inForceOn(affiliations, today)))
  .orderBy(asc(affiliations.personId)).limit(limit)
const personIds = (await students(largeSchoolId, Number(burst))).map(row => row.id)

const demo = await students(demoSchoolId, 100_000)
const at = new Date().toISOString()
const adults = new Map((await database.db.select({ childId: parentalResponsibilities.childId, adultId: parentalResponsibilities.adultId })
  .from(parentalResponsibilities).where(and(eq(parentalResponsibilities.schoolId, demoSchoolId), isNull(parentalResponsibilities.validTo))))
  .map(row => [row.childId, row.adultId]))
const reasons = ['illness', 'illness', 'medical_appointment', 'family_reason', 'religious_observance'] as const
const reported = demo.filter((_, index) => index % 12 === 0).map((row, index) => ({
  id: newId('abs'), schoolId: demoSchoolId, childId: row.id, fromDay: today, toDay: today, fromTime: index % 5 === 0 ? '09:00' : null,
  toTime: index % 5 === 0 ? '11:00' : null, reason: reasons[index % reasons.length]!, note: 'Bench', reportedBy: 'family' as const,
  adultId: adults.get(row.id) ?? null, reportedAt: at, acknowledgedAt: index % 3 === 0 ? at : null, updatedAt: at
}))
const waiting = demo.filter((_, index) => index % 40 === 1).map(row => ({
  id: newId('uab'), schoolId: demoSchoolId, childId: row.id, day: today, periodKey: '', receivedAt: at, receivedBy: recordedActor(large.actor),
  noticeAt: at, queuedAt: Date.now(), attempts: 0
}))
await database.transaction(async (tx) => {
  await bulkInsert(tx, absences, reported)
  await bulkInsert(tx, unexplainedAbsences, waiting)
})
await database.close()
console.log(JSON.stringify({ token, personIds, today, dayList: { reported: reported.length, unexplained: waiting.length } }))
