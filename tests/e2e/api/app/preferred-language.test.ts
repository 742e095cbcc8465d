import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { people } from '../../../../db/schema'
import { callApi, type ApiRequest } from '../../../support/api'
import { expectEnvelope, fieldPaths } from '../../../support/envelope'
import { familySession } from '../../../support/family-sessions'
import { seedFamily } from '../../../support/person-fixtures'
import { newSchool } from '../../../support/schools'
import { staffSession } from '../../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/*
 * Issue 37, point 4: the school's languages (Settings → School), the office's choice on the record, the
 * adult's own in the portal (with the `rollbook_language` cookie), and the portal's front page carrying both.
 */
describe('each adult\'s language on the screens\' routes', () => {
  let school: School
  let family: Awaited<ReturnType<typeof seedFamily>>
  let admin: string, office: string, teacher: string, mother: string, father: string

  const as = (cookie: string, path: string, request: ApiRequest = {}) => callApi(path, { ...request, headers: { cookie, ...request.headers } })
  const officeSets = (personId: string, body: unknown) => as(office, `/api/app/people/${personId}/preferred-language`, { method: 'PUT', body })
  const adultSets = (cookie: string, body: unknown) => as(cookie, '/api/app/portal/language', { method: 'PUT', body })
  const stored = async (personId: string) =>
    (await school.database.db.select({ language: people.preferredLanguage }).from(people).where(eq(people.id, personId)))[0]!.language

  beforeAll(async () => {
    school = await newSchool({ name: 'Languages School' })
    family = await seedFamily(school.context, { family: 'Haddad', child: 'Omar' })
    const [a, o, t] = await Promise.all((['admin', 'office', 'teacher'] as const).map(role => staffSession(school, role)))
    ;[admin, office, teacher] = [a!.cookie, o!.cookie, t!.cookie]
    mother = (await familySession(school, family.mother)).cookie
    father = (await familySession(school, family.father)).cookie
  })

  it('offers English alone until the school chooses; the Languages card\'s change keeps English and the shipped order', async () => {
    expect((await as(admin, '/api/app/school')).body.languages).toEqual(['en'])
    expect((await as(mother, '/api/app/portal')).body).toMatchObject({ school: { name: 'Languages School', languages: ['en'] }, preferredLanguage: null })
    const saved = await as(admin, '/api/app/school', { method: 'PUT', body: { languages: ['zh-Hans', 'ar', 'es'] } })
    expect(saved.status).toBe(200)
    expect(saved.body.languages).toEqual(['en', 'es', 'ar', 'zh-Hans'])
    expect((await as(mother, '/api/app/portal')).body.school.languages).toEqual(['en', 'es', 'ar', 'zh-Hans'])
  })

  it('refuses a language Rollbook does not ship, or one named twice, as validation_failed on languages', async () => {
    for (const languages of [['fr'], ['es', 'ES'], ['es\u0000'], ['x'.repeat(5000)], 'es', [7]]) {
      const answer = await as(admin, '/api/app/school', { method: 'PUT', body: { languages } })
      expectEnvelope(answer, 400, 'validation_failed')
      expect(fieldPaths(answer)[0], JSON.stringify(languages).slice(0, 40)).toMatch(/^languages/)
    }
  })

  it('lets the office set an adult\'s language on the record, in the shipped case, and shows it there and to the adult', async () => {
    const answer = await officeSets(family.mother, { preferredLanguage: 'ZH-HANS' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ changed: true, preferredLanguage: 'zh-Hans' })
    expect((await officeSets(family.mother, { preferredLanguage: 'zh-Hans' })).body).toEqual({ changed: false, preferredLanguage: 'zh-Hans' })
    const record = await as(office, `/api/app/people/${family.mother}`)
    expect(record.body.person.preferredLanguage).toBe('zh-Hans')
    expect(record.body.school.languages).toEqual(['en', 'es', 'ar', 'zh-Hans'])
    expect((await as(mother, '/api/app/portal')).body.preferredLanguage).toBe('zh-Hans')
  })

  it('refuses a bad tag with validation_failed naming preferredLanguage, and a caller without people.manage or another school\'s person', async () => {
    for (const preferredLanguage of ['fr', 'es-MX', '', 'es\u0007', `es-${'a'.repeat(40)}`, 'x'.repeat(10_000), 42, ['es'], { code: 'es' }]) {
      const answer = await officeSets(family.father, { preferredLanguage })
      expectEnvelope(answer, 400, 'validation_failed')
      expect(fieldPaths(answer), JSON.stringify(preferredLanguage).slice(0, 40)).toEqual(['preferredLanguage'])
    }
    expectEnvelope(await officeSets(family.father, {}), 400, 'validation_failed')
    expectEnvelope(await officeSets(family.father, { preferredLanguage: 'es', extra: 1 }), 400, 'validation_failed')
    expectEnvelope(await officeSets(family.father, 'not json'), 400, 'bad_request')
    const path = `/api/app/people/${family.father}/preferred-language`
    const cut = { method: 'PUT', body: '{"preferredLanguage":', headers: { 'content-type': 'application/json' } }
    expectEnvelope(await as(office, path, cut), 400, 'bad_request')
    expectEnvelope(await as(teacher, path, { method: 'PUT', body: { preferredLanguage: 'es' } }), 403, 'forbidden')
    expectEnvelope(await officeSets('per_nobody00000000000000', { preferredLanguage: 'es' }), 404, 'not_found')
    expectEnvelope(await officeSets('not-an-id', { preferredLanguage: 'es' }), 400, 'validation_failed')
    const other = await newSchool()
    const theirs = await seedFamily(other.context, { family: 'Elsewhere', child: 'Kim' })
    expectEnvelope(await officeSets(theirs.mother, { preferredLanguage: 'es' }), 404, 'not_found')
    expect(await stored(family.father)).toBeNull()
  })

  it('lets a signed-in adult choose their own language, remembered in the rollbook_language cookie for a year', async () => {
    const answer = await adultSets(father, { preferredLanguage: 'ar' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ changed: true, preferredLanguage: 'ar' })
    const cookie = answer.headers.get('set-cookie')!
    expect(cookie).toMatch(/^rollbook_language=ar;/)
    expect(cookie).toMatch(/Max-Age=31536000/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/HttpOnly/)
    expect(await stored(family.father)).toBe('ar')
    expect((await as(father, '/api/app/portal')).body.preferredLanguage).toBe('ar')
    // Back to the school's own: the cookie names it.
    const reset = await adultSets(father, { preferredLanguage: null })
    expect(reset.body).toEqual({ changed: true, preferredLanguage: null })
    expect(reset.headers.get('set-cookie')).toMatch(/^rollbook_language=en;/)
    expect(await stored(family.father)).toBeNull()
  })

  it('refuses the adult a bad tag naming the field, sets no cookie, and refuses a caller without a portal session', async () => {
    for (const preferredLanguage of ['de', 'es\u202e', 'x'.repeat(40), 1]) {
      const answer = await adultSets(father, { preferredLanguage })
      expect(fieldPaths(answer)).toEqual(['preferredLanguage'])
      expect(answer.status).toBe(400)
      expect(answer.headers.get('set-cookie')).toBeNull()
    }
    expectEnvelope(await callApi('/api/app/portal/language', { method: 'PUT', body: { preferredLanguage: 'es' } }), 401, 'unauthenticated')
  })

  it('refuses the change from staff previewing the adult: a preview changes nothing', async () => {
    const { cookie } = await staffSession(school, 'office')
    expect((await callApi(`/api/app/people/${family.mother}/portal-preview`, { method: 'POST', headers: { cookie } })).status).toBe(200)
    expectEnvelope(await adultSets(cookie, { preferredLanguage: 'es' }), 403, 'preview_read_only')
    expect(await stored(family.mother)).toBe('zh-Hans')
  })

  it('keeps a language an adult prefers offered: dropping it is a conflict that counts, naming nobody', async () => {
    await adultSets(father, { preferredLanguage: 'zh-Hans' })
    const answer = await as(admin, '/api/app/school', { method: 'PUT', body: { languages: ['es', 'ar'] } })
    const data = expectEnvelope(answer, 409, 'conflict')
    expect(data.fields!.map(field => field.path)).toEqual(['languages'])
    expect(data.fields![0]!.message).toContain('2 people prefer 简体中文 (zh-Hans)')
    expect(JSON.stringify(answer.body)).not.toMatch(/Haddad|Ngozi|Emeka/)
    expect((await as(admin, '/api/app/school')).body.languages).toEqual(['en', 'es', 'ar', 'zh-Hans'])
  })

  it('publishes both routes in the screens\' document, so the fuzz test sends them hostile requests', async () => {
    const paths = Object.keys((await callApi('/_app-openapi.json')).body.paths)
    expect(paths).toEqual(expect.arrayContaining(['/people/{id}/preferred-language', '/portal/language']))
  })
})
