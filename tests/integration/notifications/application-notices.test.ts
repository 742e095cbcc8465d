import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messageRecipients, messages, outboxMails } from '../../../db/schema'
import { submitApplication } from '../../../server/domain/admissions/submit-application'
import { acceptOffer, offerApplication } from '../../../server/domain/admissions/office-steps'
import { portalMessages } from '../../../server/domain/messages/portal-messages'
import { recordProtectionFlag } from '../../../server/domain/restricted/protection-flags'
import { todayInZone } from '../../../server/domain/days/clock'
import { applicationBody } from '../../support/admissions-fixtures'
import { deliverDueMessages } from '../../support/message-queue'
import { newSchool } from '../../support/schools'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Issue 38's `applications` notices: each step the office takes on an application tells the application's
 * adults, who hold `applications` standing as the portal's Applications does, with no responsibility on file
 * for a child who is not yet the school's. The mail goes (the worker asks the same standing) and the portal's
 * Messages shows it.
 */
describe('an application\'s steps tell its adults', () => {
  let school: School
  const noticesOf = (applicationId: string) => school.database.db.select().from(messages)
    .where(and(eq(messages.schoolId, school.id), eq(messages.audience, JSON.stringify([`application:${applicationId}`]))))

  beforeAll(async () => {
    school = await newSchool({ name: 'Application Notices School' })
  })

  it('queues an `applications` notice to the applicant on an offer, mailed and in their portal, naming no child', async () => {
    const body = applicationBody()
    const { id, adultIds: [adultId] } = await submitApplication(school.context, body)
    await offerApplication(school.context, id)
    const [notice, ...more] = await noticesOf(id)
    expect(more).toEqual([])
    expect(notice).toMatchObject({ kind: 'applications', subject: 'News about your application' })
    expect(notice!.body).toContain('Offered a place')
    expect(notice!.body).toContain('/family/applications')
    for (const text of [notice!.subject, notice!.body]) expect(text).not.toMatch(new RegExp(`${body.student.givenNames}|${body.student.familyName}`))
    const recipients = await school.database.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, notice!.id))
    expect(recipients).toEqual([expect.objectContaining({ adultId, email: body.adults[0]!.email, status: 'pending' })])

    await deliverDueMessages(school.database, { schoolIds: [school.id] })
    const [mailed] = await school.database.db.select().from(messageRecipients).where(eq(messageRecipients.messageId, notice!.id))
    expect(mailed!.status).toBe('sent')
    const mails = await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, body.adults[0]!.email!))
    expect(mails.map(mail => mail.subject)).toContain('News about your application')
    const shown = await portalMessages(school.context, adultId!, { limit: 10 })
    expect(shown.items.map(item => item.id)).toEqual([notice!.id])
  })

  it('tells them again at the next step, in the state it reached', async () => {
    const { id } = await submitApplication(school.context, applicationBody())
    await offerApplication(school.context, id)
    await acceptOffer(school.context, id)
    const notices = await noticesOf(id)
    expect(notices.map(notice => notice.body.split('.')[0]).sort()).toEqual([
      'Your application\'s state is now: Offered a place', 'Your application\'s state is now: Place accepted'
    ])
  })

  it('takes the step and writes no notice when standing leaves nobody to tell', async () => {
    const { id, studentId } = await submitApplication(school.context, applicationBody())
    await recordProtectionFlag(school.context, studentId, { kind: 'family_violence', validFrom: todayInZone(school.school.timeZone), safeAdultIds: [] })
    expect(await offerApplication(school.context, id)).toMatchObject({ state: 'offered' })
    expect(await noticesOf(id)).toEqual([])
  })
})
