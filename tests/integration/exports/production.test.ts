import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { affiliations, exportFiles, people } from '../../../db/schema'
import { closeAffiliation } from '../../../server/domain/affiliations/close-affiliation'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { setSchoolModule } from '../../../server/domain/schools/create-school'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { systemContext } from '../../../server/domain/shared/context'
import { classifyExportColumn } from '../../../server/domain/exports/column-classes'
import { listExportFiles } from '../../../server/domain/exports/list-exports'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { exportTables } from '../../../server/domain/exports/tables'
import { pruneExportFiles, setExportRetention } from '../../../server/domain/exports/retention'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../support/roles-fixtures'
import { storedFile, testExportStorage } from '../../support/export-files'

const storage = testExportStorage()

async function fileOf(school: TestSchool, key: string) {
  const [row] = (await school.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, school.id)))
    .filter(file => file.tableKey === key).sort((a, b) => b.producedAt.localeCompare(a.producedAt) || b.id.localeCompare(a.id))
  return { row: row!, ...await storedFile(storage, row!.storageKey) }
}

describe('warehouse export files', () => {
  let school: TestSchool
  let child: string
  const secrets = ['Restricted court order summary 5511', 'Restricted exit note 5512', 'parenting_order', 'wellbeing']

  beforeAll(async () => {
    school = await newSchool()
    const [first, , leaver] = await addPeopleWithSpans(school, [
      { familyName: 'Protected', givenNames: 'Child', spans: [{ validFrom: '2023-01-30', yearLevel: '3' }] },
      { familyName: 'Restrained', givenNames: 'Parent' },
      { familyName: 'Former', givenNames: 'Student', spans: [{ validFrom: '2019-01-29', yearLevel: '9' }] }
    ])
    child = first!
    await recordCourtOrder(school.context, child, { kind: 'parenting_order', validFrom: '2024-03-01', summary: secrets[0] })
    const [span] = await school.database.db.select().from(affiliations).where(eq(affiliations.personId, leaver!))
    await closeAffiliation(school.context, span!.id, { lastDay: '2022-06-30', exitReason: { reason: 'wellbeing', note: secrets[1] } })
  })

  it('writes no restricted column, not even after the school tries to move one out of restricted', async () => {
    await expect(classifyExportColumn(school.context, 'affiliations.exitReason', 'general')).rejects.toMatchObject({ code: 'unprocessable' })
    await expect(classifyExportColumn(school.context, 'people.courtOrderOnFile', 'personal')).rejects.toMatchObject({ code: 'unprocessable' })
    await produceSchoolExports(school.context, { storage })
    const affiliationsFile = await fileOf(school, 'affiliations')
    const peopleFile = await fileOf(school, 'people')
    expect(affiliationsFile.text.split('\r\n')[0]).toBe('id,personId,kind,validFrom,validTo,yearLevel,campusId,createdAt')
    expect(peopleFile.text.split('\r\n')[0]).toBe('id,familyName,givenNames,dateOfBirth,email,phone,preferredLanguage,createdAt,updatedAt')
    for (const { key } of exportTables) {
      const { text } = await fileOf(school, key)
      for (const secret of secrets) expect(text).not.toContain(secret)
      expect(text).not.toMatch(/exitReason|courtOrder/)
    }
  })

  it('records rows, columns and the checksum of the bytes stored', async () => {
    const file = await fileOf(school, 'people')
    expect(file.row.checksum).toBe(file.checksum)
    expect(file.row.rows).toBe(3)
    expect(file.row.bytes).toBe(Buffer.byteLength(file.text))
    expect(file.text.endsWith('\r\n')).toBe(true)
    expect(JSON.parse(file.row.columns)).toEqual(expect.arrayContaining([{ name: 'familyName', class: 'personal' }, { name: 'id', class: 'general' }]))
  })

  it('leaves a column the school makes restricted out of the next file, and stops listing the older file at once', async () => {
    await classifyExportColumn(school.context, 'people.dateOfBirth', 'restricted')
    expect((await listExportFiles(school.context)).files.map(file => file.key)).not.toContain('people')
    await produceSchoolExports(school.context, { storage })
    const file = await fileOf(school, 'people')
    expect(file.text.split('\r\n')[0]).toBe('id,familyName,givenNames,email,phone,preferredLanguage,createdAt,updatedAt')
    const listed = (await listExportFiles(school.context)).files.find(entry => entry.key === 'people')
    expect(listed).toMatchObject({ id: file.row.id, columns: expect.not.arrayContaining([expect.objectContaining({ name: 'dateOfBirth' })]) })
    // Back to its default: the next file has it again.
    await classifyExportColumn(school.context, 'people.dateOfBirth', 'personal')
    await produceSchoolExports(school.context, { storage })
    expect((await fileOf(school, 'people')).text.split('\r\n')[0]).toContain('dateOfBirth')
  })

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const other = await newSchool()
    const hostile = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tTab', '\rReturn']
    await addPeopleWithSpans(other, hostile.map(familyName => ({ familyName, givenNames: 'Hostile' })))
    await produceSchoolExports(other.context, { storage })
    const [row] = await other.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, other.id))
      .then(rows => rows.filter(file => file.tableKey === 'people'))
    const { text } = await storedFile(storage, row!.storageKey)
    for (const cell of ['"\'=HYPERLINK(""http://x"")"', '\'+1,', '\'-2,', '\'@SUM(A1),', '\'\tTab,', '"\'\rReturn"']) expect(text).toContain(cell)
    expect(text).not.toMatch(/(^|\r\n)[^,]*,=/)
  })

  it('produces no table of a switched-off module, and nothing at all with exports off', async () => {
    const other = await newSchool()
    await setSchoolModule(other.context, 'billing', 'off')
    await setSchoolModule(other.context, 'admissions', 'read_only')
    const ctx = systemContext(other.database, await requireSchool(other.database, other.id), 'test')
    const files = await produceSchoolExports(ctx, { storage })
    expect(files.map(file => file.tableKey)).toEqual(exportTables.filter(table => table.module !== 'billing').map(table => table.key))
    await setSchoolModule(other.context, 'exports', 'off')
    const off = systemContext(other.database, await requireSchool(other.database, other.id), 'test')
    expect(await produceSchoolExports(off, { storage })).toEqual([])
    expect((await listExportFiles(off)).files).toEqual([])
  })

  it('a production that fails mid-file lists no file of that table, and leaves nothing in scratch', async () => {
    const other = await newSchool()
    await addPeopleWithSpans(other, Array.from({ length: 30 }, (_, i) => ({ familyName: `Person${i}`, givenNames: 'Test' })))
    await expect(produceSchoolExports(other.context, { storage, batchSize: 10, afterBatch: ({ rows }) => {
      if (rows >= 20) throw new Error('crash')
    } })).rejects.toThrow('crash')
    expect((await listExportFiles(other.context)).files).toEqual([])
    const { readdir } = await import('node:fs/promises')
    expect(await readdir(storage.scratch)).toEqual([])
    const files = await produceSchoolExports(other.context, { storage, batchSize: 10 })
    expect(files[0]).toMatchObject({ tableKey: 'people', rows: 30 })
  })

  it('leaves deleted people out, as every answer does', async () => {
    const other = await newSchool()
    const [kept, gone] = await addPeopleWithSpans(other, [{ familyName: 'Kept', givenNames: 'A' }, { familyName: 'Gone', givenNames: 'B' }])
    await other.database.transaction(tx => tx.update(people).set({ deletedAt: '2026-01-01T00:00:00.000Z' }).where(eq(people.id, gone!)))
    const [file] = await produceSchoolExports(other.context, { storage })
    const { text } = await storedFile(storage, file!.storageKey)
    expect(text).toContain(kept)
    expect(text).not.toContain(gone)
  })

  it('prunes files past the school\'s retention, keeping the newest of each table however old', async () => {
    const other = await newSchool()
    await setExportRetention(other.context, 30)
    const old = await produceSchoolExports(other.context, { storage })
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString()
    await other.database.transaction(tx => tx.update(exportFiles).set({ producedAt: longAgo }).where(eq(exportFiles.schoolId, other.id)))
    // Pruning runs after each production: the 40-day-old files are still the newest of their tables until then.
    await pruneExportFiles(other.context, storage)
    expect(await other.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, other.id))).toHaveLength(exportTables.length)
    const fresh = await produceSchoolExports(other.context, { storage })
    const left = await other.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, other.id))
    expect(left.map(file => file.id).sort()).toEqual(fresh.map(file => file.id).sort())
    await expect(storage.read(old[0]!.storageKey)).rejects.toThrow()
  })
})
