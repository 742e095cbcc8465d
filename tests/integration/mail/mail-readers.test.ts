import { beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { accounts, outboxMails } from '../../../db/schema'
import { requestSignInCode } from '../../../server/domain/accounts/sign-in-codes'
import { mailPasskeyNotice } from '../../../server/domain/accounts/passkey-notices'
import { setPreferredLanguage } from '../../../server/domain/people/preferred-language'
import { inviteFamilyMember } from '../../../server/domain/portal/family-access'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { updateSchoolSettings } from '../../../server/domain/schools/school-settings'
import type { DomainContext } from '../../../server/domain/shared/context'
import { addStaffWithLink } from '../../../server/domain/staff/add-staff-with-link'
import { addStaffAccount } from '../../../server/domain/staff/staff-access'
import { seedYearFamilies } from '../../support/consent-fixtures'
import { newSchool } from '../../support/schools'
import { ownStaffRecord, uniqueEmail } from '../../support/staff-sessions'

type School = Awaited<ReturnType<typeof newSchool>>

/** Whose language each mail is in, as the development outbox keeps it (docs/translating.md, "Mail"). */
describe('the reader of each mail', () => {
  let school: School
  let parent: { id: string, email: string }
  const fresh = async (): Promise<DomainContext> => ({ ...school.context, school: await requireSchool(school.database, school.id) })

  beforeAll(async () => {
    school = await newSchool({ name: 'Mail Readers School', timeZone: 'Pacific/Auckland' })
    await updateSchoolSettings(await fresh(), { languages: ['es', 'zh-Hans'] })
    parent = (await seedYearFamilies(school, '4', 1, `mread${process.pid}-`)).parents[0]!
    await setPreferredLanguage(await fresh(), parent.id, 'es')
  })

  /** The newest kept mail to an address (mail sent without the answer waiting arrives a moment later). */
  async function newestMailTo(email: string, subject: RegExp) {
    const newest = async () => (await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, email))
      .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))).find(mail => subject.test(mail.subject))
    await expect.poll(newest, { timeout: 10_000, interval: 50 }).toBeDefined()
    return (await newest())!
  }

  it('keeps an invitation in the adult\'s language, its HTML part and its language', async () => {
    await inviteFamilyMember(await fresh(), parent.id)
    const mail = await newestMailTo(parent.email, /portal de familias/)
    expect(mail).toMatchObject({ subject: 'Mail Readers School: su portal de familias', language: 'es' })
    expect(mail.html).toContain('<html lang="es" dir="ltr">')
    expect(mail.text).toContain('Inicie sesión con este enlace')
  })

  it('mails a member of staff whose own record prefers Spanish their staff access, codes and passkey notices in Spanish, the time the school\'s', async () => {
    await ownStaffRecord(school, parent.id, parent.email)
    await addStaffWithLink(await fresh(), { email: parent.email, role: 'teacher', personId: parent.id })
    expect(await newestMailTo(parent.email, /acceso del personal/)).toMatchObject({ language: 'es', text: expect.stringContaining('como docente') })
    await requestSignInCode(school.database, parent.email, 'mail-readers')
    expect((await newestMailTo(parent.email, /código/)).text).toMatch(/^Su código de inicio de sesión es \d{6}\./)
    const [account] = await school.database.db.select().from(accounts).where(eq(accounts.email, parent.email))
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'
    mailPasskeyNotice(school.database, account!, { change: 'added', passkeyName: 'Portátil', by: { userAgent: firefox }, at: new Date('2026-07-01T00:00:00Z') })
    const notice = await newestMailTo(parent.email, /Se añadió una llave/)
    // Midday in Auckland (NZST, UTC+12), not midnight UTC.
    expect(notice.text).toContain('«Portátil», el 1 jul 2026, 12:00 GMT+12, desde Firefox en Linux.')
  })

  it('mails an account with no person of its own in English', async () => {
    const email = uniqueEmail('plain')
    await addStaffAccount(await fresh(), { email, role: 'office' })
    await requestSignInCode(school.database, email, 'mail-readers')
    const mail = await newestMailTo(email, /sign-in code/)
    expect(mail).toMatchObject({ language: 'en', html: expect.stringContaining('<html lang="en" dir="ltr">') })
    expect(mail.text).toMatch(/^Your sign-in code is \d{6}\./)
  })
})
