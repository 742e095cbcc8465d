import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeFirstStartDemo } from '../../../server/domain/setup/first-start'
import { systemContext, type DomainContext } from '../../../server/domain/shared/context'
import { setClockOffset, todayInZone } from '../../../server/domain/days/clock'
import { listFeeSchedules } from '../../../server/domain/fees/read-fees'
import { studentFeeStatements } from '../../../server/domain/fees/read-statements'
import { portalFees } from '../../../server/domain/fees/portal-fees'
import { listConsentAsks } from '../../../server/domain/consents/list-consent-asks'
import { askAnswersPage } from '../../../server/domain/consents/answer-lists'
import { portalConsents } from '../../../server/domain/consents/portal-consents'
import { listMessages } from '../../../server/domain/messages/send-message'
import { portalMessages } from '../../../server/domain/messages/portal-messages'
import { listSyncRuns } from '../../../server/domain/imports/list-sync-runs'
import { deleteWebhookSubscription, listWebhookSubscriptions } from '../../../server/domain/webhooks/subscriptions'
import { listWebhookDeliveries } from '../../../server/domain/webhooks/deliveries'
import { listEnquiries } from '../../../server/domain/enquiries/list-enquiries'
import { demoSyncSystem, demoWebhookUrl } from '../../../server/domain/setup/demo/demo-integrations'
import { testDatabase } from '../../support/schools'

// The demo is made on a day of its own, a Wednesday in the second of the demo's terms: every date it holds follows from it.
const madeAt = Date.parse('2031-05-14T02:00:00Z')
const today = '2031-05-14'

type Demo = Awaited<ReturnType<typeof makeFirstStartDemo>>

describe('the first start\'s demo fills every screen, dated from the day it is made', () => {
  let demo: Demo
  let ctx: DomainContext
  let startedIn: number
  beforeAll(async () => {
    setClockOffset(madeAt - Date.now())
    const started = performance.now()
    demo = await makeFirstStartDemo(testDatabase())
    startedIn = performance.now() - started
    ctx = systemContext(testDatabase(), demo.school, 'test')
  }, 120_000)
  afterAll(async () => {
    // Its subscription is never tried again by another file's worker round.
    if (demo) await deleteWebhookSubscription(ctx, demo.showcase.webhookSubscriptionId)
    setClockOffset(0)
  })

  it('is made on the day the clock says, in a few seconds', () => {
    expect(todayInZone(demo.school.timeZone)).toBe(today)
    console.log(`The first start's demo took ${Math.round(startedIn)} ms`)
    expect(startedIn).toBeLessThan(60_000)
  })

  it('fees: this year\'s schedule published, and its correction from the next term', async () => {
    const { schedules } = await listFeeSchedules(ctx)
    expect(schedules).toHaveLength(1)
    expect(schedules[0]).toMatchObject({ name: '2031 fees', startsOn: '2031-01-01', endsOn: '2031-12-31' })
    expect(schedules[0]!.versions).toMatchObject([
      { number: 1, state: 'published', replacesVersionId: null },
      { number: 2, state: 'published', replacesVersionId: schedules[0]!.versions[0]!.id, appliesFrom: '2031-07-14' }
    ])
  })

  it('fees: the first family\'s statement is split between its two parents', async () => {
    const [mother, father] = demo.families.shared.adults
    const statements = await studentFeeStatements(ctx, demo.showcase.feeVersions[0]!, demo.families.shared.children[0])
    const tuition = statements.periods[0]!.categories.find(category => category.category === 'tuition')!
    expect(tuition.total).toBeGreaterThan(0)
    expect(tuition.parts.map(part => [part.id, part.share])).toEqual(expect.arrayContaining([[mother, 5000], [father, 5000]]))
  })

  it('consents: two asks open, one closed, each answered by some families', async () => {
    const { items } = await listConsentAsks(ctx, { limit: 10 })
    expect(items.map(ask => [ask.purpose.name, ask.answeredBy, ask.status, ask.open]).sort()).toEqual([
      ['Excursions', 'every_adult', 'closed', false],
      ['Excursions', 'every_adult', 'open', true],
      ['Photographs in school publications', 'any_adult', 'open', true]
    ])
    for (const ask of items) expect(ask.tally.yes, ask.subject ?? ask.purpose.name).toBeGreaterThan(0)
    const photos = items.find(ask => ask.purpose.lasting === 'standing')!
    expect(photos).toMatchObject({ closesOn: '2031-06-04' })
    expect(items.find(ask => ask.status === 'closed')).toMatchObject({ occasionOn: '2031-05-24' })
  })

  it('consents: a paper form typed in by the office, for the day it was signed', async () => {
    const [closed] = demo.showcase.consentAsks.closed
    const { items } = await askAnswersPage(ctx, closed!, today, { limit: 100 })
    const paper = items.flatMap(item => item.adults).filter(adult => adult.enteredByStaff)
    expect(paper).toEqual([expect.objectContaining({ answer: 'yes', effectiveFrom: '2031-05-13' })])
  })

  it('messages: to a year, a class and a club, all sent, some read; the notices of fees and applications sent', async () => {
    const { items } = await listMessages(ctx, { limit: 100 })
    const kindOf = (message: typeof items[number]) => message.audience[0]!.split(':')[0]!
    const office = items.filter(message => ['year', 'class', 'activity'].includes(kindOf(message)))
    expect(office.map(kindOf).sort()).toEqual(['activity', 'class', 'year'])
    for (const message of items) expect(message).toMatchObject({ pendingCount: 0 })
    for (const message of office) {
      expect(message).toMatchObject({ pendingCount: 0 })
      expect(message.sentCount).toBeGreaterThan(0)
      expect(message.readCount).toBeGreaterThan(0)
      expect(message.readCount).toBeLessThan(message.sentCount)
    }
  })

  it('a sync run from the enrolment system paused for somebody to confirm it', async () => {
    expect(await listSyncRuns(ctx)).toEqual([expect.objectContaining({ system: demoSyncSystem, status: 'paused', rows: 12, created: 12 })])
  })

  it('a webhook subscription whose test delivery failed, refused by its receiver, to be tried again', async () => {
    const subscriptions = await listWebhookSubscriptions(ctx)
    expect(subscriptions).toEqual([expect.objectContaining({ id: demo.showcase.webhookSubscriptionId, url: demoWebhookUrl })])
    expect(await listWebhookDeliveries(ctx, demo.showcase.webhookSubscriptionId)).toEqual([
      expect.objectContaining({ kind: 'webhook.test', status: 'pending', attempts: 1, lastStatus: null, lastAnswer: expect.stringMatching(/ECONNREFUSED/) })
    ])
  })

  it('an enquiry by email waiting for the office, received today', async () => {
    const { items } = await listEnquiries(ctx, { limit: 100 })
    const waiting = items.find(item => item.student.familyName === 'Moreau')
    expect(waiting).toMatchObject({ channel: 'email', intendedEntryYear: 2032 })
    expect(waiting!.receivedAt.slice(0, 10)).toBe(today)
  })

  describe('the first family\'s mother, from the portal', () => {
    const mother = () => demo.families.shared.adults[0]

    it('reads her own part of each child\'s statement, half of it', async () => {
      const { children } = await portalFees(ctx, mother(), today)
      expect(children).toHaveLength(2)
      for (const { schedules } of children) {
        expect(schedules.map(schedule => schedule.name)).toEqual(['2031 fees'])
        const tuition = schedules[0]!.periods[0]!.categories.find(category => category.category === 'tuition')!
        expect(tuition).toMatchObject({ share: 5000, amount: Math.round(tuition.total / 2) })
      }
    })

    it('has the museum to answer for both children, photographs answered for one and open for the other, the carnival answered on paper', async () => {
      const { items } = await portalConsents(ctx, mother(), today)
      const [younger, older] = demo.families.shared.children
      const of = (purpose: string, child: string) => items.find(item => item.ask.purpose === purpose && item.child.id === child && item.ask.open)
      expect(items.filter(item => item.ask.subject === 'The whole school to the museum').map(item => [item.ask.open, item.myAnswer]))
        .toEqual([[true, null], [true, null]])
      expect(of('Photographs in school publications', younger)).toMatchObject({ myAnswer: 'yes' })
      expect(of('Photographs in school publications', older)).toMatchObject({ myAnswer: null, status: 'not_yet' })
      expect(items.find(item => item.ask.open === false)).toMatchObject({ child: { id: older }, myAnswer: 'yes' })
    })

    it('has the messages to her child\'s year and to the club unread, beside the notices of each fee version', async () => {
      const { items } = await portalMessages(ctx, mother(), { limit: 20 })
      expect(items).toHaveLength(4)
      expect(items.map(message => message.subject)).toEqual(expect.arrayContaining(['Chess club moves to the library', 'Year 2: the museum excursion']))
      for (const message of items) expect(message.readAt).toBeNull()
      const father = await portalMessages(ctx, demo.families.shared.adults[1], { limit: 20 })
      const read = father.items.filter(message => message.readAt !== null).map(message => message.subject).sort()
      expect(read).toEqual(['Chess club moves to the library', 'Year 2: the museum excursion'])
    })
  })
})
