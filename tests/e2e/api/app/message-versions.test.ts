import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { messages, outboxMails } from '../../../../db/schema'
import { insertAffiliation } from '../../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../../server/domain/people/person-record'
import { writeChanges } from '../../../../server/domain/shared/write-changes'
import { callApi, type ApiRequest } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { deliverDueMessages } from '../../../support/message-queue'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'
import es from '../../../../i18n/locales/es.json'
import zhHans from '../../../../i18n/locales/zh-Hans.json'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Issue 37, point 6, through the screens' routes: the office writes the school's original and a Spanish
 * version; a Spanish-preferring parent and an English-preferring one each receive and read their own.
 */
describe('a message in several languages on the screens\' routes', () => {
  let school: School
  let office: string, admin: string, carmen: string, david: string
  const ids: Record<string, string> = {}
  const tag = `mve${process.pid}`
  const address = (name: string) => `${tag}-${name}@example.org`
  const as = (cookie: string, path: string, request: ApiRequest = {}) => callApi(path, { ...request, headers: { cookie, ...request.headers } })
  const original = { subject: 'School concert', body: 'The concert is on Thursday at 6 pm.\n\nFamilies welcome.' }
  const spanish = { language: 'es', subject: 'Concierto escolar', body: 'El concierto es el jueves a las 6 de la tarde.\n\nLas familias son bienvenidas.' }
  const messageCount = async () => (await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))).length

  beforeAll(async () => {
    school = await newSchool({ name: 'Concert School' })
    await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Ruiz', givenNames: 'Lucía', dateOfBirth: '2014-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '6', campusId: null })
      for (const name of ['carmen', 'david']) {
        ids[name] = await insertPerson(tx, changes, school.id, { familyName: 'Ruiz', givenNames: name, email: address(name) })
        await insertParentalResponsibility(
          tx, changes, school.school, { adultId: ids[name]!, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
        )
      }
    })
    ;[office, admin] = [(await staffSession(school, 'office')).cookie, (await staffSession(school, 'admin')).cookie]
    expect((await as(admin, '/api/app/school', { method: 'PUT', body: { languages: ['es', 'zh-Hans'] } })).status).toBe(200)
    expect((await as(office, `/api/app/people/${ids.carmen}/preferred-language`, { method: 'PUT', body: { preferredLanguage: 'es' } })).status).toBe(200)
    carmen = (await familySession(school, ids.carmen!)).cookie
    david = (await familySession(school, ids.david!)).cookie
  })

  it('previews how many adults prefer each language the school offers, counts only', async () => {
    const preview = await as(office, '/api/app/messages/preview', { method: 'POST', body: { audience: ['year:6'] } })
    expect(preview.status).toBe(200)
    expect(preview.body.languages).toEqual([{ language: 'en', adultCount: 1 }, { language: 'es', adultCount: 1 }, { language: 'zh-Hans', adultCount: 0 }])
  })

  it.each([
    ['a language the school does not offer', [{ ...spanish, language: 'ar' }], ['versions[0].language']],
    ['the school\'s own language', [{ ...spanish, language: 'en' }], ['versions[0].language']],
    ['a language twice', [spanish, { ...spanish, language: 'es' }], ['versions[1].language']],
    ['an unknown code', [spanish, { ...spanish, language: 'klingon' }], ['versions[1].language']],
    ['a version without its text', [{ language: 'es', subject: 'Concierto' }], ['versions[0].body']],
    ['a NUL in a version', [{ ...spanish, body: 'Hola\u0000' }], ['versions[0].body']]
  ])('refuses %s as validation_failed naming the field, writing nothing', async (_case, versions, paths) => {
    const before = await messageCount()
    const answer = await as(office, '/api/app/messages', { method: 'POST', body: { ...original, audience: ['year:6'], versions } })
    expectEnvelope(answer, 400, 'validation_failed')
    expect([...new Set(fieldPaths(answer))]).toEqual(paths)
    expect(await messageCount()).toBe(before)
  })

  it('reaches the Spanish- and the English-preferring parent each with their own version, by mail and in the portal', async () => {
    const sent = await as(office, '/api/app/messages', { method: 'POST', body: { ...original, audience: ['year:6'], versions: [spanish] } })
    expect(sent.status).toBe(201)
    expect((await as(office, `/api/app/messages/${sent.body.id}`)).body).toMatchObject({ ...original, versions: [spanish] })

    await deliverDueMessages(school.database, { schoolIds: [school.id] })
    // The outbox also holds each parent's portal invitation: only the message's mail, in either language, is looked at.
    const mails = await school.database.db.select().from(outboxMails)
      .where(and(inArray(outboxMails.to, [address('carmen'), address('david')]), inArray(outboxMails.subject, [original.subject, spanish.subject])))
    const mailTo = (name: string) => mails.filter(mail => mail.to === address(name))
    expect(mailTo('carmen')).toEqual([expect.objectContaining({ subject: spanish.subject, text: expect.stringMatching(/^El concierto es el jueves/) })])
    expect(mailTo('david')).toEqual([expect.objectContaining({ subject: original.subject, text: expect.stringMatching(/^The concert is on Thursday/) })])
    expect(mailTo('david')[0]!.text).not.toContain('concierto')

    expect((await as(carmen, '/api/app/portal/messages')).body.items).toEqual([expect.objectContaining({ id: sent.body.id, subject: spanish.subject })])
    expect((await as(david, '/api/app/portal/messages')).body.items).toEqual([expect.objectContaining({ id: sent.body.id, subject: original.subject })])
    const hers = await as(carmen, `/api/app/portal/messages/${sent.body.id}`)
    expect(hers.status).toBe(200)
    expect(hers.body).toMatchObject({ ...spanish, original: false, translation: 'given' })
    expect((await as(carmen, `/api/app/portal/messages/${sent.body.id}?original=1`)).body)
      .toMatchObject({ ...original, language: 'en', original: true, translation: 'given' })
    expect((await as(david, `/api/app/portal/messages/${sent.body.id}`)).body)
      .toMatchObject({ ...original, language: 'en', original: true, translation: 'not_needed' })
    expectEnvelope(await as(david, `/api/app/portal/messages/${sent.body.id}?original=yes`), 400, 'validation_failed')
  })

  it('mails a parent whose language has no version the original, opened by the line saying so in their language', async () => {
    expect((await as(office, `/api/app/people/${ids.carmen}/preferred-language`, { method: 'PUT', body: { preferredLanguage: 'zh-Hans' } })).status).toBe(200)
    const reports = { subject: 'Reports', body: 'Reports go home on Friday.', audience: ['year:6'] }
    const sent = await as(office, '/api/app/messages', { method: 'POST', body: reports })
    expect(sent.status).toBe(201)
    await deliverDueMessages(school.database, { schoolIds: [school.id] })
    const [mail] = await school.database.db.select().from(outboxMails).where(eq(outboxMails.subject, 'Reports'))
      .then(rows => rows.filter(row => row.to === address('carmen')))
    expect(mail!.text).not.toContain(es.portal.message.noTranslation)
    expect(mail!.text.startsWith(`${zhHans.portal.message.noTranslation}\n\nReports go home on Friday.`)).toBe(true)
    expect((await as(carmen, `/api/app/portal/messages/${sent.body.id}`)).body).toMatchObject({ subject: 'Reports', original: true, translation: 'not_given' })
  })
})
