import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray } from 'drizzle-orm'
import { absences, exportFiles } from '../../../db/schema'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { newId } from '../../../server/domain/shared/ids'
import { setClockOffset } from '../../../server/domain/days/clock'
import { absenceDocumentKey, keepAbsenceDocument } from '../../../server/domain/absences/absence-documents'
import { configuredExportStorage } from '../../../server/domain/exports/storage/export-storage'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { pruneExportFiles } from '../../../server/domain/exports/retention'
import { exportTables } from '../../../server/domain/exports/tables'
import { eraseDue, previewRetention } from '../../../server/domain/retention/sweep'
import { erasePerson } from '../../../server/domain/retention/erase-person'
import { newSchool } from '../../support/schools'
import { startS3Server, type S3Server } from '../../support/s3-server'

type School = Awaited<ReturnType<typeof newSchool>>

const dayMs = 86_400_000
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

/*
 * Every path that deletes an export file or an absence's document removes the stored object too, on a bucket
 * (s3rver, tests/support/s3-server.ts): the retention sweep's absences, an erasure, export pruning; and a bucket that
 * is down leaves records and files together for the next pass, never a file that nothing names.
 */
describe('stored files go with their records, on a bucket', () => {
  let s3: S3Server
  let school: School
  let childId = ''
  const saved = process.env.EXPORTS_S3_URL

  /** An absence reported on `day` with a document kept in the bucket, written as the sweep reads it. */
  async function absenceWithDocument(day: string) {
    const id = newId('abs')
    const key = absenceDocumentKey(school.id, id)
    await keepAbsenceDocument(key, { name: 'letter.pdf', type: 'application/pdf', bytes: pdf })
    await school.database.transaction(tx => tx.insert(absences).values({
      id, schoolId: school.id, childId, fromDay: day, toDay: day, reason: 'illness', reportedBy: 'office', reportedAt: `${day}T09:00:00.000Z`,
      updatedAt: `${day}T09:00:00.000Z`, documentKey: key, documentName: 'letter.pdf', documentType: 'application/pdf', documentBytes: pdf.length
    }))
    return { id, key }
  }
  const documentKeyOf = async (id: string) => (await school.database.db.select({ key: absences.documentKey }).from(absences)
    .where(eq(absences.id, id)))[0]?.key

  beforeAll(async () => {
    s3 = await startS3Server()
    process.env.EXPORTS_S3_URL = s3.url
    school = await newSchool({ name: 'Bucket Retention School' })
    childId = await writeChanges(school.context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, school.id, { familyName: 'Bucket', givenNames: 'Bea', dateOfBirth: '2016-03-04' })
      await insertAffiliation(tx, changes, school.school, { personId: child, kind: 'student', validFrom: '2020-09-01', yearLevel: '3', campusId: null })
      return child
    })
  })
  afterEach(() => setClockOffset(0))
  afterAll(async () => {
    if (saved === undefined) delete process.env.EXPORTS_S3_URL
    else process.env.EXPORTS_S3_URL = saved
    await s3?.stop()
  })

  it('keeps a document in the bucket, and the sweep removes an absence past its period with its document, after the window', async () => {
    expect(configuredExportStorage().description).toContain('bucket')
    const old = await absenceWithDocument('2018-03-01')
    const recent = await absenceWithDocument(new Date().toISOString().slice(0, 10))
    expect(await s3.keys(`absence-documents/${school.id}/`)).toEqual([old.key, recent.key].sort())
    await previewRetention(school.context)
    setClockOffset(15 * dayMs)
    await previewRetention(school.context)
    expect(await eraseDue(school.context)).toMatchObject({ deleted: 1 })
    expect(await s3.keys(`absence-documents/${school.id}/`)).toEqual([recent.key])
    expect(await documentKeyOf(old.id)).toBeUndefined()
  })

  it('leaves an absence past its period with its document while the bucket is down, and removes both the next night', async () => {
    const old = await absenceWithDocument('2018-04-01')
    await previewRetention(school.context)
    setClockOffset(15 * dayMs)
    await previewRetention(school.context)
    await s3.down()
    try {
      expect(await eraseDue(school.context)).toMatchObject({ deleted: 0 })
    } finally {
      await s3.up()
    }
    expect(await documentKeyOf(old.id)).toBe(old.key)
    expect(await s3.keys(old.key)).toEqual([old.key])
    expect(await eraseDue(school.context)).toMatchObject({ deleted: 1 })
    expect(await s3.keys(old.key)).toEqual([])
  })

  it('removes an erased child\'s documents from the bucket, or, with the bucket down, at the next sweep', async () => {
    const first = await absenceWithDocument('2026-01-05')
    await s3.down()
    try {
      expect(await erasePerson(school.context, childId, { kind: 'request', requestId: 'sar_test' })).toBe('erased')
    } finally {
      await s3.up()
    }
    // Erased, the document is no longer served; only its key (ids) waits for the bytes to go.
    const [row] = await school.database.db.select().from(absences).where(eq(absences.id, first.id))
    expect(row).toMatchObject({ documentKey: first.key, documentName: null, documentType: null })
    expect(await s3.keys(first.key)).toEqual([first.key])
    await eraseDue(school.context)
    expect(await s3.keys(`absence-documents/${school.id}/`)).toEqual([])
    expect(await documentKeyOf(first.id)).toBeNull()
  })

  it('prunes export files older than the school\'s retention from the bucket, bytes before rows, and keeps both while it is down', async () => {
    const storage = configuredExportStorage()
    await produceSchoolExports(school.context, { storage })
    const newer = await produceSchoolExports(school.context, { storage })
    const older = (await school.database.db.select().from(exportFiles).where(eq(exportFiles.schoolId, school.id)))
      .filter(file => !newer.some(each => each.id === file.id))
    expect(older).toHaveLength(exportTables.length)
    await school.database.transaction(tx => tx.update(exportFiles).set({ producedAt: new Date(Date.now() - 40 * dayMs).toISOString() })
      .where(inArray(exportFiles.id, older.map(file => file.id))))
    await s3.down()
    try {
      await expect(pruneExportFiles(school.context, storage)).rejects.toThrow('could not be reached')
    } finally {
      await s3.up()
    }
    const kept = await school.database.db.select({ id: exportFiles.id }).from(exportFiles)
      .where(and(eq(exportFiles.schoolId, school.id), inArray(exportFiles.id, older.map(file => file.id))))
    expect(kept).toHaveLength(older.length)
    expect(await pruneExportFiles(school.context, storage)).toBe(older.length)
    expect((await s3.keys(`${school.id}/`)).sort()).toEqual(newer.map(file => file.storageKey).sort())
  })
})
