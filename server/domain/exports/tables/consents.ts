import { sql } from 'drizzle-orm'
import { consentAsks, consentPurposes, consents } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

/**
 * Every answer ever given (docs/consents.md): the ids and days are general; what the adult answered,
 * about what, and whether the office typed it in from paper are personal, as they tell of a family; so are a
 * signature's name, address and browser and the form's answers. The hash of what was signed, and the language it
 * was shown in, are general. The answers to medical questions are restricted.
 */
export default defineExportTable({
  key: 'consents',
  module: 'people',
  from: consents,
  id: consents.id,
  schoolId: consents.schoolId,
  where: aboutNoErasedPerson(consents.childId),
  columns: [
    { name: 'id', class: 'general', value: consents.id },
    { name: 'askId', class: 'general', value: consents.askId },
    { name: 'purposeId', class: 'general', value: consents.purposeId },
    { name: 'childId', class: 'general', value: consents.childId },
    { name: 'adultId', class: 'general', value: consents.adultId },
    { name: 'effectiveFrom', class: 'general', value: consents.effectiveFrom },
    { name: 'createdAt', class: 'general', value: consents.createdAt },
    {
      name: 'purpose', class: 'personal',
      value: sql`(select ${consentPurposes.name} from ${consentPurposes} where ${consentPurposes.id} = ${consents.purposeId})`
    },
    { name: 'subject', class: 'personal', value: sql`(select ${consentAsks.subject} from ${consentAsks} where ${consentAsks.id} = ${consents.askId})` },
    { name: 'answer', class: 'personal', value: consents.answer },
    { name: 'enteredByStaff', class: 'personal', value: sql`case when ${consents.enteredBy} is null then 'false' else 'true' end` },
    { name: 'shownHash', class: 'general', value: consents.shownHash },
    { name: 'shownLanguage', class: 'general', value: consents.shownLanguage },
    { name: 'signedName', class: 'personal', value: consents.signedName },
    { name: 'signedAddress', class: 'personal', value: consents.signedAddress },
    { name: 'signedBrowser', class: 'personal', value: consents.signedBrowser },
    { name: 'formAnswers', class: 'personal', value: consents.formAnswers },
    { name: 'medicalAnswers', class: 'restricted', value: consents.medicalAnswers }
  ]
})
