import { describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { exportFiles, exportNights } from '../../../db/schema'
import { produceDueExports } from '../../../server/domain/exports/nightly'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { testExportStorage } from '../../support/export-files'
import { exportTables } from '../../../server/domain/exports/tables'

const storage = testExportStorage()

describe('exports:produce, every quarter hour', () => {
  it('produces each school at its own 02:00, and never twice in one night', async () => {
    const sydney = await newSchool({ timeZone: 'Australia/Sydney' })
    const paris = await newSchool({ timeZone: 'Europe/Paris' })
    const schoolIds = [sydney.id, paris.id]
    const run = (at: string) => produceDueExports(sydney.database, { storage, owner: 'worker-a', schoolIds, now: new Date(at) })
      .then(result => result.produced.map(night => [night.schoolId === sydney.id ? 'sydney' : 'paris', night.night]).sort((a, b) => b[0]!.localeCompare(a[0]!)))

    // Neither has been produced: each is due for its latest 02:00 straight away.
    expect(await run('2026-11-23T12:00:00.000Z')).toEqual([['sydney', '2026-11-23'], ['paris', '2026-11-23']])
    expect(await run('2026-11-23T12:15:00.000Z')).toEqual([])
    // 02:00 in Sydney (UTC+11) is 15:00 UTC: Sydney's next night, and Paris not yet.
    expect(await run('2026-11-23T14:45:00.000Z')).toEqual([])
    expect(await run('2026-11-23T15:00:00.000Z')).toEqual([['sydney', '2026-11-24']])
    expect(await run('2026-11-23T15:15:00.000Z')).toEqual([])
    // 02:00 in Paris (UTC+1) is 01:00 UTC.
    expect(await run('2026-11-24T00:45:00.000Z')).toEqual([])
    expect(await run('2026-11-24T01:00:00.000Z')).toEqual([['paris', '2026-11-24']])
    expect(await run('2026-11-24T01:15:00.000Z')).toEqual([])
    const files = await sydney.database.db.select().from(exportFiles).where(inArray(exportFiles.schoolId, schoolIds))
    expect(files.filter(file => file.tableKey === 'people').map(file => `${file.schoolId === sydney.id ? 'sydney' : 'paris'} ${file.night}`).sort())
      .toEqual(['paris 2026-11-23', 'paris 2026-11-24', 'sydney 2026-11-23', 'sydney 2026-11-24'])
  })

  it('two workers at once produce a school\'s night once', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, Array.from({ length: 50 }, (_, i) => ({ familyName: `Person${i}`, givenNames: 'Test' })))
    const now = new Date('2026-11-23T16:00:00.000Z')
    const results = await Promise.all(['worker-a', 'worker-b', 'worker-c'].map(owner =>
      produceDueExports(school.database, { storage, owner, schoolIds: [school.id], now, batchSize: 10 })))
    expect(results.flatMap(result => result.produced)).toHaveLength(1)
    const files = await school.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, school.id))
    expect(files.filter(file => file.tableKey === 'people')).toHaveLength(1)
  })

  it('a worker told to stop mid-file frees its night at once, and the next run produces it whole', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, Array.from({ length: 30 }, (_, i) => ({ familyName: `Person${i}`, givenNames: 'Test' })))
    const now = new Date('2026-11-23T16:00:00.000Z')
    let batches = 0
    const stopped = await produceDueExports(school.database, { storage, owner: 'worker-a', schoolIds: [school.id], now, batchSize: 10, stopping: () =>
      batches > 0, onProgress: () => {
      batches++
    } })
    expect(stopped).toEqual({ produced: [], failed: [] })
    expect(batches).toBeGreaterThan(0)
    const [night] = await school.database.db.select().from(exportNights).where(eq(exportNights.schoolId, school.id))
    expect(night).toMatchObject({ state: 'pending', leaseOwner: null, leaseUntil: null })
    // Freed, not left leased: another worker takes it up in the same minute.
    const next = await produceDueExports(school.database, { storage, owner: 'worker-b', schoolIds: [school.id], now })
    expect(next.produced).toEqual([{ durationMs: expect.any(Number), schoolId: school.id, night: '2026-11-24', files: exportTables.length }])
  })

  it('a night whose worker failed mid-file lists no partial file, and is taken up once its lease ends', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, Array.from({ length: 30 }, (_, i) => ({ familyName: `Person${i}`, givenNames: 'Test' })))
    const now = new Date('2026-11-23T16:00:00.000Z')
    const failing = await produceDueExports(school.database, { storage, owner: 'worker-a', schoolIds: [school.id], now, batchSize: 10, onProgress: () => {
      throw new Error('stopped mid-file')
    } })
    expect(failing).toMatchObject({ produced: [], failed: [{ schoolId: school.id, error: 'Error: stopped mid-file' }] })
    expect(await school.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, school.id))).toEqual([])
    // Still under the first worker's lease: nobody takes it up.
    expect(
      (await produceDueExports(school.database, { storage, owner: 'worker-b', schoolIds: [school.id], now: new Date(now.getTime() + 5 * 60_000) })).produced
    ).toEqual([])
    const later = await produceDueExports(school.database, { storage, owner: 'worker-b', schoolIds: [school.id], now: new Date(now.getTime() + 11 * 60_000) })
    expect(later.produced).toMatchObject([{ schoolId: school.id, night: '2026-11-24', files: exportTables.length }])
    const [night] = await school.database.db.select().from(exportNights).where(eq(exportNights.schoolId, school.id))
    expect(night).toMatchObject({ state: 'done', leaseOwner: null })
  })
})
