import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { affiliations, changeEvents, people, staffChecks } from '../../../db/schema'
import { importStaff } from '../../../server/domain/imports/import-staff'
import { listHrisMappings, saveHrisMapping } from '../../../server/domain/imports/hris-mappings'
import { todayInZone } from '../../../server/domain/days/clock'
import { newSchool } from '../../support/schools'

const mapping = {
  name: 'Payroll export',
  columns: {
    employeeId: 'Emp No', familyName: 'Surname', givenNames: 'First Names', dateOfBirth: 'DOB', startDate: 'Start', endDate: 'End', role: 'Position',
    checkType: 'Check', checkNumber: 'Check No', checkExpiry: 'Check Expiry'
  },
  dateFormat: 'DD/MM/YYYY' as const
}
const header = 'Emp No,Surname,First Names,DOB,Start,End,Position,Check,Check No,Check Expiry,Notes'

describe('staff import', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let mappingId: string
  const eventCount = async () => (await school.database.db.select().from(changeEvents).where(eq(changeEvents.schoolId, school.id))).length
  const staffOf = async (familyName: string) => {
    const [person] = await school.database.db.select().from(people).where(and(eq(people.schoolId, school.id), eq(people.familyName, familyName)))
    const spans = await school.database.db.select().from(affiliations).where(eq(affiliations.personId, person!.id)).orderBy(asc(affiliations.validFrom))
    const checks = await school.database.db.select().from(staffChecks).where(eq(staffChecks.personId, person!.id))
    return { person: person!, spans, checks }
  }

  beforeAll(async () => {
    school = await newSchool()
    mappingId = (await saveHrisMapping(school.context, mapping)).id
  })

  it('validates mappings: each column once, a known date format', async () => {
    await expect(saveHrisMapping(school.context, { ...mapping, name: 'Twice', columns: { ...mapping.columns, givenNames: 'Surname' } }))
      .rejects.toMatchObject({ code: 'validation_failed', extras: { fields: [{ path: 'columns.givenNames' }] } })
    await expect(saveHrisMapping(school.context, { ...mapping, name: 'Dates', dateFormat: 'D/M/YY' as never }))
      .rejects.toMatchObject({ code: 'validation_failed', extras: { fields: [{ path: 'dateFormat' }] } })
    await expect(saveHrisMapping(school.context, mapping)).rejects.toMatchObject({ code: 'conflict' })
    expect((await listHrisMappings(school.context)).map(m => m.id)).toEqual([mappingId])
  })

  it('creates staff, opens and closes employment, records checks, and reports problems per row without stopping the good rows', async () => {
    const csv = [
      header,
      'E1,Nguyen,Linh,03/04/1980,27/01/2020,,Teacher,WWCC,WWC0001,31/12/2030,',
      'E2,Smith,"Jo, Anne",,01/02/2019,15/03/2024,Bursar,,,,"left,\nsee file"',
      'E3,Bad,Date,,31/02/2020,,,,,,',
      'E4,,Missing,,01/01/2021,,,,,,',
      'E5,Check,Half,,01/01/2021,,,WWCC,,,'
    ].join('\r\n') + '\r\n'
    const answer = await importStaff(school.context, { mappingId, csv })
    expect(answer.counts).toEqual({ rows: 5, created: 2, opened: 2, closed: 1, checks: 1, problems: 3 })
    expect(answer.problems).toEqual([
      { row: 5, column: 'Start', reason: 'Not a day written DD/MM/YYYY.' },
      { row: 6, column: 'Surname', reason: 'Required.' },
      { row: 7, column: 'Check No', reason: 'A check needs its number.' }
    ])
    expect(answer.run.id).toMatch(/^run_/)
    const linh = await staffOf('Nguyen')
    expect(linh.person).toMatchObject({ givenNames: 'Linh', dateOfBirth: '1980-04-03' })
    expect(linh.spans).toMatchObject([{ kind: 'staff_member', validFrom: '2020-01-27', validTo: null, role: 'Teacher' }])
    expect(linh.checks).toMatchObject([{ type: 'WWCC', number: 'WWC0001', expiresOn: '2030-12-31' }])
    expect((await staffOf('Smith')).spans).toMatchObject([{ validFrom: '2019-02-01', validTo: '2024-03-15' }])
    const completed = await school.database.db.select().from(changeEvents).where(eq(changeEvents.recordId, answer.run.id))
    expect(completed.map(e => [e.kind, e.tableName])).toEqual([['staff_import.completed', 'staff_imports']])

    const events = await eventCount()
    const again = await importStaff(school.context, { mappingId, csv })
    expect(again.counts).toEqual({ rows: 5, created: 0, opened: 0, closed: 0, checks: 0, problems: 3 })
    expect(await eventCount()).toBe(events)
  })

  it('keeps a staff member missing from the export employed, as a problem', async () => {
    const csv = `${header}\nE2,Smith,"Jo, Anne",,01/02/2019,15/03/2024,Bursar,,,,\n`
    const answer = await importStaff(school.context, { mappingId, csv })
    expect(answer.problems)
      .toEqual([{ row: null, column: 'Emp No', reason: expect.stringContaining('Employee E1 has open employment but is missing from the export') }])
    expect((await staffOf('Nguyen')).spans).toMatchObject([{ validTo: null }])
  })

  it('closes employment when the export gives an end date, and renews a check\'s expiry', async () => {
    const csv =
      `${header}\nE1,Nguyen,Linh,03/04/1980,27/01/2020,${todayInZone('Australia/Sydney').split('-').reverse().join('/')},Teacher,WWCC,WWC0001,31/12/2032,\n`
    const answer = await importStaff(school.context, { mappingId, csv })
    expect(answer.counts).toMatchObject({ closed: 1, checks: 1, created: 0 })
    const linh = await staffOf('Nguyen')
    expect(linh.spans).toMatchObject([{ validTo: todayInZone('Australia/Sydney') }])
    expect(linh.checks).toMatchObject([{ expiresOn: '2032-12-31' }])
  })

  it.each([
    ['a missing mapped header', 'Emp No,Surname,First Names\nE9,A,B\n', 'lacks the required column "Start"'],
    ['a duplicate header', 'Emp No,Surname,First Names,Start,Start\n', '"Start" more than once'],
    ['another delimiter', 'Emp No\tSurname\tFirst Names\tStart\nE9\tA\tB\t01/01/2020\n', 'separated by tabs']
  ])('refuses a file with %s, naming the header, and writes nothing', async (_, csv, text) => {
    const events = await eventCount()
    await expect(importStaff(school.context, { mappingId, csv })).rejects.toMatchObject({ code: 'unprocessable', detail: [expect.stringContaining(text)] })
    expect(await eventCount()).toBe(events)
  })

  it('names the line of an unterminated quote and of a NUL', async () => {
    const unterminated = await importStaff(
      school.context, { mappingId, csv: `${header}\nE1,Nguyen,Linh,03/04/1980,27/01/2020,,Teacher,,,,\nE7,"Open,A,,01/01/2021,,,,,,\n` }
    )
    expect(unterminated.problems).toContainEqual({ row: 3, column: null, reason: expect.stringContaining('never closed') })
    await expect(importStaff(school.context, { mappingId, csv: `${header}\nE7,A\u0000,B,,01/01/2021,,,,,,\n` })).rejects.toMatchObject({
      code: 'validation_failed', extras: { fields: [{ path: 'csv', message: 'Line 2 holds a NUL character.' }] }
    })
  })

  it('refuses a mapping of another school as not found', async () => {
    const other = await newSchool()
    await expect(importStaff(other.context, { mappingId, csv: `${header}\n` })).rejects.toMatchObject({ code: 'not_found' })
  })
})
