import type { Database } from '../../../db/client'
import { defaultLanguage, shippedLanguage, type LanguageCode } from '../../../shared/languages'
import type { SchoolRef } from '../shared/school-ref'
import { requireSchool } from '../schools/find-school'
import { schoolLanguages } from '../schools/school-languages'
import { preferredLanguageOf } from '../people/preferred-language'
import type { MailReader } from './mail-kinds'

/**
 * The language a person's mail is written in: their preferred language if the school offers it, else
 * the school's own, English. Members of staff and adults alike (a staff account's person is their own record).
 */
export function mailLanguage(school: Pick<SchoolRef, 'lists'>, preferred: string | null | undefined): LanguageCode {
  const code = preferred ? shippedLanguage(preferred)?.code as LanguageCode | undefined : undefined
  return code && schoolLanguages(school).includes(code) ? code : defaultLanguage
}

/** The reader of a person's mail at a school already read: their language and the school's zone. */
export async function personMailReader(database: Database, school: SchoolRef, personId: string | null): Promise<MailReader> {
  return { language: mailLanguage(school, await preferredLanguageOf(database.db, school.id, personId)), timeZone: school.timeZone }
}

/** The reader of an account's mail: the person the account is (if any) at the account's school. */
export async function accountMailReader(database: Database, account: { schoolId: string, personId: string | null }): Promise<MailReader> {
  return personMailReader(database, await requireSchool(database, account.schoolId), account.personId)
}
