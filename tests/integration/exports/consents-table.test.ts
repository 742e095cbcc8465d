import { describe, expect, it } from 'vitest'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { classifyExportColumn } from '../../../server/domain/exports/column-classes'
import { createConsentAsk } from '../../../server/domain/consents/create-consent-ask'
import { createConsentPurpose } from '../../../server/domain/consents/consent-purposes'
import { recordConsentAnswer } from '../../../server/domain/consents/record-answer'
import { addDays } from '../../../server/domain/days/calendar'
import { newSchool } from '../../support/schools'
import { seedPortalFamilies } from '../../support/portal-families'
import { storedFile, testExportStorage } from '../../support/export-files'

const storage = testExportStorage()

describe('the consents export table', () => {
  it('writes every answer ever given, its general and personal columns classed, and leaves out a column the school restricts', async () => {
    const school = await newSchool({ name: 'Consents Export School' })
    const families = await seedPortalFamilies(school)
    const purpose = await createConsentPurpose(school.context, { name: 'Excursion', aboutNamedThing: true, lasting: 'each_occasion' })
    const ask = await createConsentAsk(
      school.context,
      { purposeId: purpose.id, subject: '=Zoo', audience: ['year:3'], closesOn: addDays(families.today, 5), answeredBy: 'every_adult' }
    )
    await recordConsentAnswer(school.context, { askId: ask.id, childId: families.aroha, adultId: families.mother, answer: 'yes' })
    await recordConsentAnswer(
      school.context,
      { askId: ask.id, childId: families.aroha, adultId: families.mother, answer: 'no', day: addDays(families.today, 1), onBehalf: true }
    )
    const file = (await produceSchoolExports(school.context, { storage })).find(produced => produced.tableKey === 'consents')!
    expect(file.rows).toBe(2)
    const { text } = await storedFile(storage, file.storageKey)
    const [header, ...lines] = text.split('\r\n').slice(0, -1)
    // The answers to medical questions are restricted: not in the file unless the school says otherwise.
    expect(header).toBe('id,askId,purposeId,childId,adultId,effectiveFrom,createdAt,purpose,subject,answer,enteredByStaff,shownHash,shownLanguage,'
      + 'signedName,signedAddress,signedBrowser,formAnswers')
    expect(lines.map(line => line.split(',').slice(7, 11)))
      .toEqual(expect.arrayContaining([['Excursion', '\'=Zoo', 'yes', 'false'], ['Excursion', '\'=Zoo', 'no', 'true']]))
    await classifyExportColumn(school.context, 'consents.answer', 'restricted')
    const again = (await produceSchoolExports(school.context, { storage })).find(produced => produced.tableKey === 'consents')!
    expect((await storedFile(storage, again.storageKey)).text.split('\r\n')[0])
      .toBe('id,askId,purposeId,childId,adultId,effectiveFrom,createdAt,purpose,subject,enteredByStaff,shownHash,shownLanguage,signedName,'
        + 'signedAddress,signedBrowser,formAnswers')
  })
})
