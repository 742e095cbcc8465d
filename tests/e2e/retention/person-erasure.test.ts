import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import {
  accounts, billingResponsibilities, changeEvents, legalHolds, nameHistory, parentalResponsibilities, people, retentionActions
} from '../../../db/schema'
import { erasePerson } from '../../../server/domain/retention/erase-person'
import { erasedNameKey } from '../../../server/domain/retention/erasure-steps'
import { placeLegalHold, releaseLegalHold } from '../../../server/domain/retention/legal-holds'
import { addDays } from '../../../server/domain/days/calendar'
import { correctPersonName } from '../../../server/domain/people/correct-name'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { createWebhookSubscription } from '../../../server/domain/webhooks/subscriptions'
import { deliverDueWebhooks } from '../../../server/domain/webhooks/delivery-worker'
import { refreshServedObjects } from '../../../server/domain/oneroster/refresh-objects'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { callApi } from '../../support/api'
import { expectEnvelope } from '../../support/envelope'
import { newSchool } from '../../support/schools'
import { seedPortalFamilies } from '../../support/portal-families'
import { storedFile, testExportStorage } from '../../support/export-files'
import { privateAllowed, startReceiver } from '../../support/webhooks'
import { oneRosterAccessToken } from '../../support/oneroster-client'
import { familySession } from '../../support/family-sessions'
import { staffSession } from '../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>
type Families = Awaited<ReturnType<typeof seedPortalFamilies>>

/*
 * Issue 42 point 3 over the shared server: an erased person answers not_found on /api/v1, leaves the roster served to
 * platforms, the next export and the feed (whose earlier events for them no longer resolve), while what others need
 * stays whole: the share of a child's fees another payer carries. Integrators hear `person.erased`; the erasure is
 * counted without naming anyone. A restricted record keeps the people it names whole.
 */
describe('erasing a person', () => {
  let school: School
  let families: Families
  let reader: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Erasure School' })
    families = await seedPortalFamilies(school)
    reader = await school.token(['person.read', 'billing.read', 'event.read', 'affiliation.read'])
  })

  it('leaves the share of fees the other payer carries, and takes the name, contacts and history of the payer erased', async () => {
    await correctPersonName(school.context, families.father, { familyName: 'Ngata', givenNames: 'Rawiri James', change: 'correction' })
    expect((await callApi(`/api/v1/people/${families.father}`, { token: reader })).status).toBe(200)
    const father = await familySession(school, families.father)
    const office = await staffSession(school, 'admin')
    const asFather = (path: string) => callApi(path, { headers: { cookie: father.cookie } })
    const asOffice = (path: string) => callApi(path, { headers: { cookie: office.cookie } })
    expect((await asFather('/api/app/portal')).status).toBe(200)
    expect((await asOffice(`/api/app/people/${families.father}`)).status).toBe(200)

    // A hold keeps him whole while it is in force; once released it names no reason of the office's after the erasure.
    const hold = await placeLegalHold(school.context, {
      personId: families.father, reason: 'Rawiri Ngata: insurer asked us to keep', endsOn: addDays(families.today, 30)
    })
    expect(await erasePerson(school.context, families.father, { kind: 'request', requestId: 'sar_erasure_test' })).toBe('held')
    await releaseLegalHold(school.context, hold.id)
    expect(await erasePerson(school.context, families.father, { kind: 'request', requestId: 'sar_erasure_test' })).toBe('erased')
    expect((await school.database.db.select().from(legalHolds).where(eq(legalHolds.id, hold.id)))[0])
      .toMatchObject({ reason: '', releasedAt: expect.any(String) })

    // Their session ends with the erasure, and the office finds nobody.
    expect((await asFather('/api/app/portal')).status).toBe(401)
    expectEnvelope(await asOffice(`/api/app/people/${families.father}`), 404, 'not_found')

    expectEnvelope(await callApi(`/api/v1/people/${families.father}`, { token: reader }), 404, 'not_found')
    const [row] = await school.database.db.select().from(people).where(eq(people.id, families.father))
    expect(row).toMatchObject({
      familyName: '', givenNames: '', nameKey: erasedNameKey, dateOfBirth: null, email: null, phone: null, erasedAt: expect.any(String)
    })
    expect(await school.database.db.select().from(nameHistory).where(eq(nameHistory.personId, families.father))).toEqual([])
    expect(await school.database.db.select().from(parentalResponsibilities).where(eq(parentalResponsibilities.adultId, families.father))).toEqual([])
    expect(await school.database.db.select().from(accounts).where(eq(accounts.email, father.email))).toEqual([])

    // Aroha's fees are still shared whole: the erased payer's half stays, as a share with an id and no person behind it.
    const shares = await school.database.db.select().from(billingResponsibilities).where(eq(billingResponsibilities.studentId, families.aroha))
    expect(shares.reduce((sum, share) => sum + share.share, 0)).toBe(10_000)
    expect(shares.map(share => share.payerId).sort()).toEqual([families.father, families.mother].sort())
    const billing = await callApi(`/api/v1/people/${families.aroha}/billing`, { token: reader })
    expect(billing.status, JSON.stringify(billing.body)).toBe(200)
    expect(JSON.stringify(billing.body)).not.toContain('Rawiri')

    const [action] = await school.database.db.select().from(retentionActions)
      .where(and(eq(retentionActions.schoolId, school.id), eq(retentionActions.action, 'erased')))
    expect(action).toMatchObject({ action: 'erased', recordClass: 'request', count: 1, rule: 'request:sar_erasure_test', approvedBy: 'system:test' })
    expect(JSON.stringify(action)).not.toContain(families.father)

    // Erased once: a second erasure finds nobody, as does one from another school.
    expect(await erasePerson(school.context, families.father, { kind: 'request', requestId: 'sar_erasure_test' })).toBe('not_found')
    const other = await newSchool({ name: 'Erasure Elsewhere' })
    expect(await erasePerson(other.context, families.mother, { kind: 'schedule', recordClass: 'former_staff' })).toBe('not_found')
    expect((await callApi(`/api/v1/people/${families.mother}`, { token: reader })).status).toBe(200)
  })

  it('takes the child out of the roster served, the next export and the feed, and tells a webhook person.erased', async () => {
    const receiver = await startReceiver()
    const hookToken = await school.tokenWithId(['person.read'])
    await createWebhookSubscription(school.context, { url: receiver.url, kinds: ['person.erased'], tokenId: hookToken.id }, privateAllowed)
    const platform = await oneRosterAccessToken(school)
    await refreshServedObjects({ ...school.context, school: await requireSchool(school.database, school.id) })
    const served = await callApi(`/ims/oneroster/rostering/v1p2/users/${families.rua}`, { token: platform })
    expect(served.status).toBe(200)
    expect(served.body.user).toMatchObject({ status: 'active', givenName: 'Rua' })

    expect(await erasePerson(school.context, families.rua, { kind: 'schedule', recordClass: 'former_students' })).toBe('erased')

    // The platform reads a tombstone at once, with no name, before any refresh.
    const tombstone = await callApi(`/ims/oneroster/rostering/v1p2/users/${families.rua}`, { token: platform })
    expect(tombstone.body.user).toMatchObject({ status: 'tobedeleted', givenName: '', familyName: '' })
    expect(JSON.stringify(tombstone.body)).not.toContain('Tuhoe')

    const feed = await callApi<{ items: { kind: string, id: string }[] }>('/api/v1/events?limit=1000', { token: reader })
    const aboutRua = feed.body.items.filter(item => item.id === families.rua).map(item => item.kind)
    expect(aboutRua[0]).toBe('person.created')
    expect(aboutRua.at(-1)).toBe('person.erased')
    // The earlier events no longer resolve: their record answers not_found.
    expectEnvelope(await callApi(`/api/v1/people/${families.rua}`, { token: reader }), 404, 'not_found')
    const spans = await callApi<{ items: { personId: string }[] }>('/api/v1/affiliations?limit=1000', { token: reader })
    expect(spans.body.items.map(item => item.personId)).not.toContain(families.rua)

    await deliverDueWebhooks(school.database, { policy: privateAllowed, schoolIds: [school.id] })
    const posted = receiver.posts.map(post => JSON.parse(post.body))
    expect(posted.map(post => [post.kind, post.table, post.id])).toEqual([['person.erased', 'people', families.rua]])
    expect(receiver.posts[0]!.body).not.toContain('Tuhoe')

    const storage = testExportStorage()
    const files = new Map((await produceSchoolExports(school.context, { storage })).map(file => [file.tableKey, file]))
    for (const table of ['people', 'affiliations', 'billing_responsibilities', 'parental_responsibilities']) {
      const { text } = await storedFile(storage, files.get(table)!.storageKey)
      expect(text, table).not.toContain(families.rua)
      expect(text, table).not.toContain('Tuhoe, Rua')
    }
    const { text: actions } = await storedFile(storage, files.get('retention_actions')!.storageKey)
    expect(actions.split('\r\n')[0]).toBe('id,action,recordClass,count,rule,approvedBy,occurredAt')
    expect(actions).toContain(',erased,former_students,1,schedule:former_students:300,system:test,')
    const [event] = await school.database.db.select().from(changeEvents)
      .where(and(eq(changeEvents.schoolId, school.id), eq(changeEvents.kind, 'person.erased'), eq(changeEvents.recordId, families.rua)))
    expect(event).toMatchObject({ tableName: 'people', actor: 'system:test' })
  })

  it('leaves whole everyone a restricted record names: the child flagged, the safe adult, the person a court order restrains', async () => {
    for (const named of [families.mere, families.safe, families.separated]) {
      expect(await erasePerson(school.context, named, { kind: 'schedule', recordClass: 'former_students' })).toBe('restricted')
      expect((await callApi(`/api/v1/people/${named}`, { token: reader })).status).toBe(200)
    }
    const [mere] = await school.database.db.select().from(people).where(eq(people.id, families.mere))
    expect(mere).toMatchObject({ givenNames: 'Mere', erasedAt: null, deletedAt: null })
  })
})
