import { beforeAll, describe, expect, it } from 'vitest'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { createFeeSchedule, editFeeDraft, publishFeeVersion, startFeeCorrection } from '../../../server/domain/fees/fee-schedules'
import { newSchool } from '../../support/schools'
import { seedPortalFamilies } from '../../support/portal-families'
import { storedFile, testExportStorage } from '../../support/export-files'

const storage = testExportStorage()

/** A file's rows as objects by header. */
function rowsOf(text: string) {
  const [header, ...lines] = text.split('\r\n').filter(Boolean)
  const names = header!.split(',')
  return lines.map(line => Object.fromEntries(line.split(',').map((value, i) => [names[i]!, value])))
}

describe('warehouse export of fee schedules and statements', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let families: Awaited<ReturnType<typeof seedPortalFamilies>>
  let first: string, correction: string, draft: string

  beforeAll(async () => {
    school = await newSchool({ name: 'Fee Exports School' })
    families = await seedPortalFamilies(school)
    const year = Number(families.today.slice(0, 4)) + 1
    const created = await createFeeSchedule(school.context, { name: `${year} fees`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })
    first = created.versionId
    const content = {
      periods: [
        { name: 'Term 1', kind: 'term' as const, startsOn: `${year}-01-28`, endsOn: `${year}-04-09` },
        { name: 'Term 2', kind: 'term' as const, startsOn: `${year}-04-27`, endsOn: `${year}-07-02` }
      ],
      lines: [{ category: 'tuition', description: 'Tuition', amount: 100_001, period: null, yearLevels: [], campusId: null }],
      concessionRules: []
    }
    await editFeeDraft(school.context, first, content)
    await publishFeeVersion(school.context, first)
    correction = (await startFeeCorrection(school.context, first, `${year}-04-01`)).id
    await editFeeDraft(school.context, correction, { ...content, lines: [{ ...content.lines[0]!, amount: 120_000 }] })
    await publishFeeVersion(school.context, correction)
    draft = (await createFeeSchedule(school.context, { name: 'Unpublished', startsOn: `${year}-01-01`, endsOn: `${year}-12-31` })).versionId
    await editFeeDraft(school.context, draft, { ...content, lines: [{ ...content.lines[0]!, amount: 777_777 }] })
  })

  it('writes published versions, their periods and lines, never a draft, and every payer\'s part that adds up', async () => {
    const files = new Map((await produceSchoolExports(school.context, { storage })).map(file => [file.tableKey, file]))
    const text = async (key: string) => (await storedFile(storage, files.get(key)!.storageKey)).text
    const schedules = rowsOf(await text('fee_schedules'))
    expect(schedules.map(row => [row.id, row.number, row.replacesVersionId]).sort()).toEqual([[first, '1', ''], [correction, '2', first]].sort())
    expect(schedules[0]!.name).toMatch(/ fees$/)
    expect(await text('fee_lines')).not.toContain('777777')
    expect(rowsOf(await text('fee_periods'))).toHaveLength(4)

    const statements = rowsOf(await text('fee_statements'))
    expect((await text('fee_statements')).split('\r\n')[0])
      .toBe('id,scheduleId,versionId,periodId,studentId,category,paidAs,categoryTotal,payerId,share,amount,currency')
    const aroha = statements.filter(row => row.studentId === families.aroha)
    // Term 1 stays with version 1 (it began before the correction's day); Term 2 is charged by version 2.
    expect(new Set(aroha.map(row => row.versionId))).toEqual(new Set([first, correction]))
    for (const versionId of [first, correction]) {
      const parts = aroha.filter(row => row.versionId === versionId)
      expect(parts.map(row => row.payerId).sort()).toEqual([families.mother, families.father].sort())
      expect(parts.reduce((acc, row) => acc + Number(row.amount), 0)).toBe(Number(parts[0]!.categoryTotal))
    }
    expect(aroha.find(row => row.versionId === first)!.categoryTotal).toBe('100001')
    expect(aroha.find(row => row.versionId === correction)!.categoryTotal).toBe('120000')
    expect(statements.every(row => row.currency === 'AUD')).toBe(true)
  })
})
