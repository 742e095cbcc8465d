import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { messages, messageVersions } from '../../../db/schema'
import type { BulkMail } from '../../../server/domain/mail/send-mail'
import { portalMessages, readPortalMessage } from '../../../server/domain/messages/portal-messages'
import { previewAudience, readMessage, sendMessage } from '../../../server/domain/messages/send-message'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertParentalResponsibility } from '../../../server/domain/people/parental-responsibility'
import { insertPerson } from '../../../server/domain/people/person-record'
import { setPreferredLanguage } from '../../../server/domain/people/preferred-language'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { updateSchoolSettings } from '../../../server/domain/schools/school-settings'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import type { DomainContext } from '../../../server/domain/shared/context'
import { deliverDueMessages } from '../../support/message-queue'
import { newSchool } from '../../support/schools'
import en from '../../../i18n/locales/en.json'
import ar from '../../../i18n/locales/ar.json'

type School = Awaited<ReturnType<typeof newSchool>>

/** The context with the school as it now is: its languages decide which versions it takes. */
const fresh = async (school: School): Promise<DomainContext> => ({ ...school.context, school: await requireSchool(school.database, school.id) })
const fieldsOf = (error: unknown) => (error as { extras: { fields: { path: string }[] } }).extras.fields.map(field => field.path)

/*
 * Issue 37, point 6: the office writes a message in the school's language and may add a version per
 * language it offers; each adult is mailed and shown their language's version, or the original with one
 * line in their language saying no translation was given, and may open the original in the portal.
 */
describe('messages in several languages', () => {
  let school: School
  const adults: Record<string, string> = {}
  const tag = `mvr${process.pid}`
  const original = { subject: 'Sports day', body: 'Sports day is on Friday.\n\nBring a hat.' }
  const spanish = { language: 'es', subject: 'Día de deportes', body: 'El día de deportes es el viernes.\n\nTraigan un sombrero.' }

  beforeAll(async () => {
    school = await newSchool({ name: 'Versions School' })
    await updateSchoolSettings(await fresh(school), { languages: ['es', 'ar'] })
    await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Versions', givenNames: 'Pita', dateOfBirth: '2014-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2024-01-29', yearLevel: '5', campusId: null })
      for (const name of ['maria', 'john', 'layla']) {
        adults[name] = await insertPerson(tx, changes, school.id, { familyName: 'Versions', givenNames: name, email: `${tag}-${name}@example.org` })
        await insertParentalResponsibility(
          tx, changes, school.school, { adultId: adults[name]!, childId: child, relationship: 'parent', validFrom: '2015-01-01', validTo: null }
        )
      }
    })
    await setPreferredLanguage(await fresh(school), adults.maria!, 'es')
    await setPreferredLanguage(await fresh(school), adults.layla!, 'ar')
  })

  it('counts the audience\'s adults by preferred language, the school\'s own for those with none, every offered language listed', async () => {
    const preview = await previewAudience(await fresh(school), ['year:5'])
    expect(preview.languages).toEqual([{ language: 'en', adultCount: 1 }, { language: 'es', adultCount: 1 }, { language: 'ar', adultCount: 1 }])
  })

  it('refuses a version in a language the school does not offer, naming versions[i].language, and writes nothing', async () => {
    const before = (await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))).length
    const refused = sendMessage(await fresh(school), {
      ...original, audience: ['year:5'], versions: [spanish, { language: 'zh-Hans', subject: '运动会', body: '星期五是运动会。' }]
    })
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed' })
    expect(fieldsOf(await refused.catch(error => error))).toEqual(['versions[1].language'])
    expect((await school.database.db.select().from(messages).where(eq(messages.schoolId, school.id))).length).toBe(before)
  })

  it('writes the versions with the message, and mails each adult their own: the Spanish version, the original, the original with the Arabic line', async () => {
    const sent = await sendMessage(await fresh(school), { ...original, audience: ['year:5'], versions: [{ ...spanish, language: 'ES' }] })
    const stored = await school.database.db.select().from(messageVersions).where(eq(messageVersions.messageId, sent.id))
    expect(stored).toEqual([expect.objectContaining({ schoolId: school.id, language: 'es', subject: spanish.subject, body: spanish.body })])
    expect((await readMessage(school.context, sent.id)).versions).toEqual([spanish])

    const mails: BulkMail[] = []
    await deliverDueMessages(school.database, { schoolIds: [school.id], mailer: async (_database, mail) => void mails.push(mail) })
    const to = (name: string) => mails.find(mail => mail.to === `${tag}-${name}@example.org`)!
    expect(mails).toHaveLength(3)
    expect(to('maria')).toMatchObject({ subject: spanish.subject })
    expect(to('maria').text).toMatch(/^El día de deportes es el viernes\.\n\nTraigan un sombrero\.\n\n--\n/)
    expect(to('john')).toMatchObject({ subject: original.subject })
    expect(to('john').text).toMatch(/^Sports day is on Friday\.\n\nBring a hat\.\n\n--\n/)
    expect(to('john').text).not.toContain(en.portal.message.noTranslation)
    expect(to('layla')).toMatchObject({ subject: original.subject })
    expect(to('layla').text.startsWith(`${ar.portal.message.noTranslation}\n\nSports day is on Friday.`)).toBe(true)
    expect(to('layla').html).toContain(`<p>${ar.portal.message.noTranslation}</p>`)
  })

  it('shows each adult in the portal the version they read, and the school\'s original when asked', async () => {
    const ctx = await fresh(school)
    const [listed] = (await portalMessages(ctx, adults.maria!, { limit: 10 })).items
    expect(listed).toMatchObject({ subject: spanish.subject })
    expect((await portalMessages(ctx, adults.layla!, { limit: 10 })).items[0]).toMatchObject({ subject: original.subject })
    const read = (name: string, wantOriginal = false) => readPortalMessage(ctx, adults[name]!, listed!.id, { markRead: false, original: wantOriginal })
    expect(await read('maria')).toMatchObject({ ...spanish, original: false, translation: 'given' })
    expect(await read('maria', true)).toMatchObject({ ...original, language: 'en', original: true, translation: 'given' })
    expect(await read('john')).toMatchObject({ ...original, language: 'en', original: true, translation: 'not_needed' })
    expect(await read('layla')).toMatchObject({ ...original, language: 'en', original: true, translation: 'not_given' })
  })

  it('follows the adult\'s language as it is now: a change after sending changes the version shown', async () => {
    await setPreferredLanguage(await fresh(school), adults.john!, 'es')
    const ctx = await fresh(school)
    const [listed] = (await portalMessages(ctx, adults.john!, { limit: 10 })).items
    expect(await readPortalMessage(ctx, adults.john!, listed!.id, { markRead: false })).toMatchObject({ ...spanish, translation: 'given' })
    expect((await previewAudience(ctx, ['year:5'])).languages).toEqual([
      { language: 'en', adultCount: 0 }, { language: 'es', adultCount: 2 }, { language: 'ar', adultCount: 1 }
    ])
  })
})
