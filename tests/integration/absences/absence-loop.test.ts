import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { changeEvents, messageRecipients, messages, notificationDeliveries, unexplainedAbsences } from '../../../db/schema'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { todayInZone } from '../../../server/domain/days/clock'
import { addDays } from '../../../server/domain/days/calendar'
import { DomainError } from '../../../server/domain/shared/domain-error'
import { reportAbsence, explainAbsence, recordAbsenceForFamily } from '../../../server/domain/absences/report-absence'
import { acknowledgeAbsence, withdrawAbsence } from '../../../server/domain/absences/absence-steps'
import { portalAbsences } from '../../../server/domain/absences/portal-absences'
import { absenceDayList } from '../../../server/domain/absences/day-list'
import { childAbsences } from '../../../server/domain/absences/child-absences'
import { listAbsences } from '../../../server/domain/absences/list-absences'
import { recordUnexplainedAbsences } from '../../../server/domain/absences/unexplained-intake'
import { whatNeedsAHand } from '../../../server/domain/staff/today'
import { setNotificationChoices, readNotificationChoices } from '../../../server/domain/notifications/notification-choices'
import { updateNotificationSettings } from '../../../server/domain/notifications/notification-settings'
import { configureMail } from '../../../server/domain/mail/send-mail'
import { destinationPolicy, setDestinationPolicy } from '../../../server/domain/webhooks/destinations'
import { textSender } from '../../../server/domain/notifications/texts'
import { deliverDueMessages } from '../../support/message-queue'
import { deliverDueNotices } from '../../support/notification-queues'
import { drainAbsenceNotices } from '../../support/absence-notices'
import { startKannel, type Kannel } from '../../support/kannel'
import { startSmtpReceiver, readReceivedMail, type SmtpReceiver } from '../../support/smtp-receiver'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/** What a refusal says, for comparing two refusals whole. */
async function refusal(work: Promise<unknown>) {
  try {
    await work
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, detail: error.detail, fields: error.extras.fields }
    throw error
  }
  throw new Error('Expected a refusal')
}

/*
 * Issue 39's loop at the level of its rules, on the database the suite runs on: a family reports and withdraws, the
 * office sees and acknowledges, a separated parent under an order limiting `attendance` sees and reports nothing
 * (the stranger's answer), and the attendance system's unexplained absence reaches one parent by text (a real
 * Kannel) and the other by email (a loopback SMTP server), one explains, and the integrations' list shows it.
 */
describe('absences: the family, the office and the attendance system', () => {
  let school: School
  let kannel: Kannel
  let mail: SmtpReceiver
  const policyBefore = destinationPolicy()
  const tag = `abs${process.pid}${Date.now().toString(36)}`
  let today: string
  const ids = { ada: '', ben: '', texter: '', mailer: '', separated: '', stranger: '', otherChild: '' }

  beforeAll(async () => {
    setDestinationPolicy({ allowPrivate: true })
    ;[kannel, mail] = await Promise.all([startKannel(), startSmtpReceiver()])
    configureMail({ smtpUrl: mail.url })
    school = await newSchool({ name: 'Roll Call School' })
    today = todayInZone(school.school.timeZone)
    await updateNotificationSettings(school.context, {
      digestTime: '17:00', optionalKinds: ['school'],
      textGateway: {
        kind: 'kannel', sendsmsUrl: kannel.sendsmsUrl, username: kannel.username, password: kannel.password, from: '+6421000000', sendsPerSecond: 50
      }
    })
    Object.assign(ids, await writeChanges(school.context, async (tx, changes) => {
      const child = (givenNames: string) => insertPerson(tx, changes, school.id, { familyName: 'Rollcall', givenNames, dateOfBirth: '2016-03-04' })
      const ada = await child('Ada')
      const ben = await child('Ben')
      const otherChild = await child('Cy')
      for (const id of [ada, ben, otherChild]) {
        await insertAffiliation(tx, changes, school.school, { personId: id, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
      }
      const adult = (givenNames: string, phone?: string) => insertPerson(tx, changes, school.id, {
        familyName: 'Rollcall', givenNames, email: `${tag}-${givenNames.toLowerCase()}@example.org`, ...(phone ? { phone } : {})
      })
      const texter = await adult('Tess', '+64215550101')
      const mailer = await adult('Mel', '+64215550102')
      const separated = await adult('Sam', '+64215550103')
      const stranger = await adult('Stu')
      for (const [adultId, childId] of [[texter, ada], [texter, ben], [mailer, ada], [mailer, ben], [separated, ada], [stranger, otherChild]] as const) {
        await insertParentalResponsibility(tx, changes, school.school, { adultId, childId, relationship: 'parent', validFrom: '2016-01-01', validTo: null })
      }
      return { ada, ben, otherChild, texter, mailer, separated, stranger }
    }))
    await recordCourtOrder(school.context, ids.ada, {
      kind: 'parenting_order', validFrom: '2024-03-01', restrainedPersonId: ids.separated, purposes: ['attendance']
    })
    await setNotificationChoices(school.context, ids.texter, { choices: [{ kind: 'absences', channel: 'sms', mode: 'instant' }] })
    await setNotificationChoices(school.context, ids.mailer, { choices: [{ kind: 'absences', channel: 'sms', mode: 'digest' }] })
  })
  afterAll(async () => {
    configureMail({})
    setDestinationPolicy(policyBefore)
    await Promise.all([kannel?.stop(), mail?.close()])
  })

  it('takes two days of illness for one of two children, and withdraws a third absence before its day', async () => {
    const ill = await reportAbsence(school.context, {
      adultId: ids.texter, childId: ids.ada, firstDay: today, lastDay: addDays(today, 1), reason: 'illness', note: 'A fever.'
    })
    const later = await reportAbsence(school.context, { adultId: ids.texter, childId: ids.ada, firstDay: addDays(today, 10), reason: 'family_reason' })
    const view = await portalAbsences(school.context, ids.texter, { limit: 20 })
    expect(view.children.map(child => child.givenNames)).toEqual(['Ada', 'Ben'])
    expect(view.items.map(item => [item.id, item.childId, item.firstDay, item.lastDay, item.canWithdraw])).toEqual([
      [later.id, ids.ada, addDays(today, 10), addDays(today, 10), true],
      [ill.id, ids.ada, today, addDays(today, 1), false]
    ])
    await withdrawAbsence(school.context, { adultId: ids.texter, absenceId: later.id })
    expect((await refusal(withdrawAbsence(school.context, { adultId: ids.texter, absenceId: ill.id }))).code).toBe('conflict')
    // The other parent sees both reports, and withdraws neither: they are not theirs.
    const other = await portalAbsences(school.context, ids.mailer, { limit: 20 })
    expect(other.items.map(item => [item.id, item.withdrawn, item.canWithdraw])).toEqual([[later.id, true, false], [ill.id, false, false]])
    expect((await portalAbsences(school.context, ids.texter, { limit: 20 })).items.filter(item => item.childId === ids.ben)).toEqual([])
  })

  it('shows the office the day\'s report on Today and the day list, and takes its acknowledgement once', async () => {
    const before = await whatNeedsAHand(school.context)
    expect(before.absences).toMatchObject({ reported: 1, waitingForAcknowledgement: 1 })
    const day = await absenceDayList(school.context, { limit: 100 })
    expect(day.items.map(line => [line.kind, line.child.givenNames, line.yearLevel, line.reason, line.reportedBy])).toEqual([
      ['reported', 'Ada', '3', 'illness', 'family']
    ])
    const first = await acknowledgeAbsence(school.context, day.items[0]!.id)
    expect(await acknowledgeAbsence(school.context, day.items[0]!.id)).toEqual(first)
    expect((await whatNeedsAHand(school.context)).absences).toMatchObject({ reported: 1, waitingForAcknowledgement: 0 })
    const card = await childAbsences(school.context, ids.ada, { limit: 20 })
    expect(card.items[1]).toMatchObject({ reason: 'illness', acknowledged: true, reportedByAdult: 'Tess Rollcall', enteredByName: null, note: 'A fever.' })
    expect(card.items[0]).toMatchObject({ withdrawn: true })
  })

  it('records a phone call for an adult with standing, and refuses one named for an adult without', async () => {
    const called = await recordAbsenceForFamily(school.context, {
      childId: ids.ben, firstDay: addDays(today, 2), reason: 'medical_appointment', fromTime: '09:00', toTime: '11:30', onBehalfOf: ids.mailer
    })
    const card = await childAbsences(school.context, ids.ben, { limit: 20 })
    expect(card.items).toEqual([expect.objectContaining({ id: called.id, reportedBy: 'office', fromTime: '09:00', toTime: '11:30', sensitive: true })])
    const refused = await refusal(recordAbsenceForFamily(school.context, { childId: ids.ben, firstDay: today, reason: 'illness', onBehalfOf: ids.stranger }))
    expect(refused).toMatchObject({ code: 'unprocessable', fields: [{ path: 'onBehalfOf' }] })
  })

  it('answers a separated parent under an order limiting attendance exactly as a stranger, and shows them nothing', async () => {
    const separated = await portalAbsences(school.context, ids.separated, { limit: 20 })
    expect(separated.children).toEqual([])
    expect(separated.items).toEqual([])
    const asked = { childId: ids.ada, firstDay: today, reason: 'illness' as const }
    const theirs = await refusal(reportAbsence(school.context, { ...asked, adultId: ids.separated }))
    const strangers = await refusal(reportAbsence(school.context, { ...asked, adultId: ids.stranger }))
    expect(theirs).toEqual(strangers)
    expect(theirs.code).toBe('standing_withheld')
  })

  it('refuses a day off the roll, more than 60 days ahead, or a last day before the first, naming the field', async () => {
    const base = { adultId: ids.texter, childId: ids.ada, reason: 'illness' as const }
    expect(await refusal(reportAbsence(school.context, { ...base, firstDay: '2023-06-01' })))
      .toMatchObject({ code: 'unprocessable', fields: [{ path: 'firstDay' }] })
    expect(await refusal(reportAbsence(school.context, { ...base, firstDay: today, lastDay: addDays(today, 61) })))
      .toMatchObject({ code: 'unprocessable', fields: [{ path: 'lastDay' }] })
    expect(await refusal(reportAbsence(school.context, { ...base, firstDay: addDays(today, 3), lastDay: addDays(today, 2) })))
      .toMatchObject({ code: 'unprocessable', fields: [{ path: 'lastDay' }] })
    expect(await refusal(reportAbsence(school.context, { ...base, firstDay: today, reason: 'other' })))
      .toMatchObject({ code: 'validation_failed', fields: [{ path: 'note' }] })
    const text = Buffer.from('not a letter').toString('base64')
    expect(await refusal(reportAbsence(school.context, { ...base, firstDay: today, document: { name: 'letter.pdf', content: text } })))
      .toMatchObject({ code: 'validation_failed', fields: [{ path: 'document.content' }] })
  })

  it('tells the adults of an unexplained absence through their channels, once however often it is sent, and takes the explanation', async () => {
    const sent = { personId: ids.ben, day: today, from: '09:00', to: '10:00' }
    const first = await recordUnexplainedAbsences(school.context, [sent, sent])
    expect(first.absences.map(item => item.new)).toEqual([true, false])
    expect(first.absences[0]!.id).toBe(first.absences[1]!.id)
    const again = await recordUnexplainedAbsences(school.context, [sent])
    expect(again.absences).toEqual([{ ...first.absences[0], new: false }])
    expect(await refusal(recordUnexplainedAbsences(school.context, [{ personId: ids.ben, day: addDays(today, 1) }])))
      .toMatchObject({ code: 'unprocessable', fields: [{ path: 'absences[0].day' }] })
    expect(await refusal(recordUnexplainedAbsences(school.context, [sent, { personId: ids.ben, day: '2023-01-01' }])))
      .toMatchObject({ code: 'unprocessable' })

    expect(await drainAbsenceNotices(school.database, [school.id])).toBe(1)
    expect(await drainAbsenceNotices(school.database, [school.id])).toBe(0)
    const [row] = await school.database.db.select().from(unexplainedAbsences).where(eq(unexplainedAbsences.id, first.absences[0]!.id))
    const [message] = await school.database.db.select().from(messages).where(eq(messages.id, row!.messageId!))
    expect(message).toMatchObject({ kind: 'absences', adultCount: 2 })
    expect(message!.subject).not.toContain('Ben')

    await deliverDueMessages(school.database, { schoolIds: [school.id] })
    await deliverDueNotices(school.database, textSender(), { schoolIds: [school.id] })
    const texts = await kannel.waitForReceived(1)
    expect(texts.map(text => text.to)).toEqual(['+64215550101'])
    expect(texts[0]!.text).toContain('Roll Call School')
    const smsOfMailer = await school.database.db.select().from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.messageId, message!.id), eq(notificationDeliveries.adultId, ids.mailer), eq(notificationDeliveries.channel, 'sms')))
    expect(smsOfMailer.map(delivery => delivery.status)).toEqual(['held'])
    const mails = await school.database.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, message!.id))
    expect(mails.find(recipient => recipient.adultId === ids.mailer)?.status).toBe('sent')
    const mailed = mail.mails.filter(one => one.to.includes(`${tag}-mel@example.org`)).map(readReceivedMail)
    expect(mailed).toHaveLength(1)
    // The notice names no child anywhere: the portal, behind the family's sign-in, says which child and when.
    expect(mailed[0]!.text).not.toContain('Ben')
    expect(mailed[0]!.subject).toBe('Please tell us why your child was away')
    expect(mailed[0]!.text).toContain('/family/absences')
    // The separated parent has no standing on Ben, and the other children's stranger none: neither is told.
    expect(mails.map(recipient => recipient.adultId).sort()).toEqual([ids.mailer, ids.texter].sort())

    const waiting = await portalAbsences(school.context, ids.mailer, { limit: 20 })
    expect(waiting.unexplained.map(item => [item.id, item.childId, item.fromTime, item.toTime])).toEqual([[first.absences[0]!.id, ids.ben, '09:00', '10:00']])
    const explained = await explainAbsence(school.context, { adultId: ids.mailer, unexplainedId: first.absences[0]!.id, reason: 'medical_appointment' })
    expect((await refusal(explainAbsence(school.context, { adultId: ids.texter, unexplainedId: first.absences[0]!.id, reason: 'illness' }))).code)
      .toBe('conflict')
    expect((await refusal(explainAbsence(school.context, { adultId: ids.stranger, unexplainedId: first.absences[0]!.id, reason: 'illness' }))).code)
      .toBe('standing_withheld')
    const listed = await listAbsences(school.context, { limit: 100 }, { from: today, to: today })
    expect(listed.items).toContainEqual({
      id: explained.id, personId: ids.ben, from: expect.stringMatching(new RegExp(`^${today}T09:00:00[+-]\\d\\d:\\d\\d$`)),
      to: expect.stringMatching(new RegExp(`^${today}T10:00:00[+-]\\d\\d:\\d\\d$`)), reason: 'medical_appointment', reportedAt: expect.any(String),
      reportedBy: 'family', explains: first.absences[0]!.id
    })
    expect(JSON.stringify(listed)).not.toContain('A fever')
    const events = await school.database.db.select({ kind: changeEvents.kind, recordId: changeEvents.recordId }).from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.tableName, 'absences')))
    expect(events.map(event => event.kind).sort())
      .toEqual(['absence.explained', 'absence.reported', 'absence.reported', 'absence.reported', 'absence.withdrawn'])
    expect((await recordUnexplainedAbsences(school.context, [sent])).absences[0]).toMatchObject({ new: false, explained: true })
  })

  it('texts absences at once by default, even to an adult with an email address', async () => {
    const choices = await readNotificationChoices(school.context, ids.separated)
    expect(choices.kinds.find(kind => kind.kind === 'absences')).toMatchObject({ mayTurnOff: false, sms: 'instant', email: 'instant' })
    expect(choices.kinds.find(kind => kind.kind === 'school')).toMatchObject({ sms: 'off' })
  })
})
