import { describe, expect, it } from 'vitest'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { reportAbsence } from '../../../server/domain/absences/report-absence'
import { withdrawAbsence } from '../../../server/domain/absences/absence-steps'
import { addDays } from '../../../server/domain/days/calendar'
import { newSchool } from '../../support/schools'
import { seedPortalFamilies } from '../../support/portal-families'
import { storedFile, testExportStorage } from '../../support/export-files'

const storage = testExportStorage()

describe('the absences export table', () => {
  it('writes every absence, withdrawn ones marked, its reason personal, and never the note or the document\'s name', async () => {
    const school = await newSchool({ name: 'Absences Export School' })
    const families = await seedPortalFamilies(school)
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')
    const ill = await reportAbsence(school.context, {
      adultId: families.mother, childId: families.aroha, firstDay: families.today, reason: 'illness', note: 'Chickenpox, =HYPERLINK()',
      document: { name: 'gp-letter.pdf', content: pdf }
    })
    const later = await reportAbsence(school.context, {
      adultId: families.mother, childId: families.aroha, firstDay: addDays(families.today, 3), reason: 'family_reason', fromTime: '13:00', toTime: '15:00'
    })
    await withdrawAbsence(school.context, { adultId: families.mother, absenceId: later.id })
    const file = (await produceSchoolExports(school.context, { storage })).find(produced => produced.tableKey === 'absences')!
    expect(file.rows).toBe(2)
    const { text } = await storedFile(storage, file.storageKey)
    const [header, ...lines] = text.split('\r\n').slice(0, -1)
    expect(header).toBe('id,childId,firstDay,lastDay,fromTime,toTime,explains,reportedAt,acknowledgedAt,withdrawnAt,reason,reportedBy,adultId,enteredByStaff')
    expect(text).not.toContain('Chickenpox')
    expect(text).not.toContain('gp-letter')
    const byId = new Map(lines.map(line => [line.split(',')[0], line.split(',')]))
    expect(byId.get(ill.id)!.slice(10)).toEqual(['illness', 'family', families.mother, 'false'])
    expect(byId.get(later.id)!.slice(4, 6)).toEqual(['13:00', '15:00'])
    expect(byId.get(later.id)![9]).not.toBe('')
  })
})
