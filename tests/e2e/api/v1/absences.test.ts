import { beforeAll, describe, expect, it } from 'vitest'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { todayInZone } from '../../../../server/domain/days/clock'
import { addDays } from '../../../../server/domain/days/calendar'
import { explainAbsence, reportAbsence } from '../../../../server/domain/absences/report-absence'
import { withdrawAbsence } from '../../../../server/domain/absences/absence-steps'
import { createWebhookSubscription } from '../../../../server/domain/webhooks/subscriptions'
import { deliverDueWebhooks } from '../../../../server/domain/webhooks/delivery-worker'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { drainAbsenceNotices } from '../../../support/absence-notices'
import { newSchool } from '../../../support/schools'
import { privateAllowed, startReceiver } from '../../../support/webhooks'
import type { TestSchool } from '../../../support/roles-fixtures'

interface FeedEvent { kind: string, table: string, id: string }

/*
 * The attendance system's side of issue 39 over HTTP (docs/absences.md, "The attendance system's side"): it posts
 * the register's unexplained absences (absence.write, Idempotency-Key), reads back what families reported and
 * explained (absence.read) and hears of each through the feed and webhooks, each in the envelope when refused.
 */
describe('absences in /api/v1', () => {
  let school: TestSchool
  let writer = ''
  let reader = ''
  let today = ''
  const ids = { child: '', other: '', adult: '' }

  beforeAll(async () => {
    school = await newSchool({ name: 'Register College' })
    today = todayInZone(school.school.timeZone)
    Object.assign(ids, await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Register', givenNames: 'Rae', dateOfBirth: '2016-03-04' })
      const other = await insertPerson(tx, changes, school.id, { familyName: 'Register', givenNames: 'Rex', dateOfBirth: '2013-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '3', campusId: null })
      await insertAffiliation(tx, changes, school.school, {
        personId: other, kind: 'student', validFrom: '2024-01-29', validTo: addDays(today, -10), yearLevel: '6', campusId: null
      })
      const adult = await insertPerson(tx, changes, school.id, { familyName: 'Register', givenNames: 'Rita', email: 'rita.register@example.org' })
      await insertParentalResponsibility(tx, changes, school.school, {
        adultId: adult, childId: child, relationship: 'parent', validFrom: '2016-01-01', validTo: null
      })
      return { child, other, adult }
    }))
    writer = await school.token(['absence.write'])
    reader = await school.token(['absence.read', 'event.read'])
  })

  const post = (body: unknown, options: { token?: string, key?: string } = {}) => callApi('/api/v1/absences/unexplained', {
    token: options.token ?? writer, body, headers: options.key ? { 'idempotency-key': options.key } : {}
  })

  it('keeps the register\'s absences once, answers a repeat with the same key as the first time, and names every refused item', async () => {
    const body = { absences: [{ personId: ids.child, day: today, from: '09:00', to: '09:50' }] }
    const first = await post(body, { key: 'morning-1' })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.absences).toEqual([expect.objectContaining({ personId: ids.child, day: today, from: '09:00', to: '09:50', new: true, explained: false })])
    expect(first.body.absences[0].id).toMatch(/^uab_[0-9a-z]+$/)
    const repeated = await post(body, { key: 'morning-1' })
    expect(repeated.status).toBe(201)
    expect(repeated.body).toEqual(first.body)
    const again = await post(body)
    expect(again.body.absences).toEqual([{ ...first.body.absences[0], new: false }])

    const refused = await post({ absences: [{ personId: ids.child, day: addDays(today, 1) }, { personId: ids.other, day: today }] })
    expect(expectEnvelope(refused, 422, 'unprocessable').fields!.map(field => field.path)).toEqual(['absences[0].day', 'absences[1].personId'])
    const halfPeriod = await post({ absences: [{ personId: ids.child, day: today, from: '09:00' }] })
    expect(expectEnvelope(halfPeriod, 400, 'validation_failed').fields).toEqual([expect.objectContaining({ path: 'absences[0].to' })])
    expectEnvelope(await post({ absences: Array.from({ length: 501 }, () => ({ personId: ids.child, day: today })) }), 400, 'validation_failed')
    expectEnvelope(await post({ absences: [{ personId: ids.child, day: today, note: 'x' }] }), 400, 'validation_failed')
    expectEnvelope(await post({ absences: [{ personId: 'per_\u0007', day: today }] }), 400, 'validation_failed')
    expect(expectEnvelope(await post(body, { token: reader }), 403, 'forbidden')).toMatchObject({ missingScope: 'absence.write' })
    // Nothing of the refused requests was kept: the child has the one absence of today, and no other day.
    const kept = await post({ absences: [{ personId: ids.child, day: today, from: '09:00', to: '09:50' }] })
    expect(kept.body.absences[0]).toMatchObject({ id: first.body.absences[0].id, new: false })
  })

  it('lists the family\'s explanation with what it explains, never a note, and announces it in the feed and by webhook', async () => {
    const receiver = await startReceiver()
    const hookToken = await school.tokenWithId(['absence.read'])
    const kinds = ['absence.explained' as const, 'absence.withdrawn' as const]
    await createWebhookSubscription(school.context, { url: receiver.url, kinds, tokenId: hookToken.id }, privateAllowed)
    const { body } = await post({ absences: [{ personId: ids.child, day: today }] })
    const unexplainedId = body.absences[0].id as string
    await drainAbsenceNotices(school.database, [school.id])
    const explained = await explainAbsence(school.context, { adultId: ids.adult, unexplainedId, reason: 'illness', note: 'Woke up with a temperature.' })
    const later = await reportAbsence(school.context, { adultId: ids.adult, childId: ids.child, firstDay: addDays(today, 5), reason: 'religious_observance' })
    await withdrawAbsence(school.context, { adultId: ids.adult, absenceId: later.id })

    const listed = await callApi(`/api/v1/absences?from=${today}&to=${addDays(today, 30)}`, { token: reader })
    expect(listed.status, JSON.stringify(listed.body)).toBe(200)
    expect(listed.body.items).toEqual([{
      id: explained.id, personId: ids.child, from: today, to: today, reason: 'illness', reportedAt: expect.any(String), reportedBy: 'family',
      explains: unexplainedId
    }])
    expect(JSON.stringify(listed.body)).not.toContain('temperature')
    expect(expectEnvelope(await callApi(`/api/v1/absences?from=${today}&to=${addDays(today, -1)}`, { token: reader }), 400, 'validation_failed').fields)
      .toEqual([expect.objectContaining({ path: 'to' })])
    // Without a window, today's; without `to`, the one day `from`.
    expect((await callApi('/api/v1/absences', { token: reader })).body.items.map((item: { id: string }) => item.id)).toEqual([explained.id])
    expect((await callApi(`/api/v1/absences?from=${addDays(today, 5)}`, { token: reader })).body.items).toEqual([])
    expectEnvelope(await callApi(`/api/v1/absences?from=${today}&to=${today}`, { token: writer }), 403, 'forbidden')

    const kindsAsked = 'absence.explained,absence.withdrawn,absence.reported'
    const feed = await callApi<{ items: FeedEvent[] }>(`/api/v1/events?limit=1000&kinds=${kindsAsked}`, { token: reader })
    expect(feed.body.items.map(item => [item.kind, item.id])).toEqual([
      ['absence.explained', explained.id], ['absence.reported', later.id], ['absence.withdrawn', later.id]
    ])
    const withoutScope = await school.token(['event.read', 'person.read'])
    expect((await callApi<{ items: FeedEvent[] }>('/api/v1/events?limit=1000', { token: withoutScope })).body.items
      .filter(item => item.kind.startsWith('absence.'))).toEqual([])

    await deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })
    expect(receiver.posts.map(one => JSON.parse(one.body)).map(one => [one.kind, one.table, one.id])).toEqual([
      ['absence.explained', 'absences', explained.id], ['absence.withdrawn', 'absences', later.id]
    ])
  })
})
