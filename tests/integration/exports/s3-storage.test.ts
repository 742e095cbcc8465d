import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3BucketStorage } from '../../../server/domain/exports/storage/s3-bucket-storage'
import { StorageUnavailable, StoredObjectMissing } from '../../../server/domain/exports/storage/export-storage'
import { produceSchoolExports } from '../../../server/domain/exports/produce-exports'
import { produceDueExports } from '../../../server/domain/exports/nightly'
import { faultSummary } from '../../../server/domain/shared/log'
import { listExportFiles } from '../../../server/domain/exports/list-exports'
import { exportTables } from '../../../server/domain/exports/tables'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'
import { startS3Server, type S3Server } from '../../support/s3-server'

const streamText = async (stream: AsyncIterable<unknown>) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

/** A finished local file as `keep` takes it, with the SHA-256 it is signed with. */
function scratchFile(text: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'rollbook-s3-test-')), 'file.csv')
  writeFileSync(path, text)
  return { path, bytes: Buffer.byteLength(text), sha256Hex: createHash('sha256').update(text).digest('hex') }
}

describe('export files in an S3-compatible bucket (s3rver, signatures checked)', () => {
  let s3: S3Server

  beforeAll(async () => {
    s3 = await startS3Server()
  })
  afterAll(() => s3.stop())

  it('uploads each finished file signed with its own checksum, reads it back streaming, and removes it', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, [{ familyName: 'Bucket', givenNames: 'Person' }])
    const storage = s3BucketStorage(s3.url)
    expect(storage.description).not.toContain('secret')
    const files = await produceSchoolExports(school.context, { storage })
    expect(files).toHaveLength(exportTables.length)
    const people = files[0]!
    expect(await s3.keys(`${school.id}/`)).toHaveLength(exportTables.length)
    const text = await streamText(await storage.read(people.storageKey))
    expect(`sha256:${createHash('sha256').update(text).digest('hex')}`).toBe(people.checksum)
    expect(text).toContain('Bucket,Person')
    expect((await listExportFiles(school.context)).files).toHaveLength(exportTables.length)
    await storage.remove(people.storageKey)
    expect(await s3.keys(people.storageKey)).toEqual([])
    await expect(storage.read(people.storageKey)).rejects.toBeInstanceOf(StoredObjectMissing)
    // Removing what is gone already is no fault (a prune run twice).
    await storage.remove(people.storageKey)
  })

  it('gives a signed link that answers the file as an attachment, for 60 seconds, and none for a key it does not hold', async () => {
    const storage = s3BucketStorage(s3.url)
    const file = scratchFile('id,familyName\r\nper_1,Link\r\n')
    await storage.keep('sch_link/exp_1.csv', file.path, file)
    const link = await storage.link!('sch_link/exp_1.csv', { fileName: 'people-2026-11-29.csv', contentType: 'text/csv; charset=utf-8' })
    const url = new URL(link)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60')
    expect(link).not.toContain('secret')
    const answer = await fetch(link)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="people-2026-11-29.csv"')
    expect(await answer.text()).toBe('id,familyName\r\nper_1,Link\r\n')
    // The link is for its key alone, and unsigned it is nothing.
    expect((await fetch(link.replace('exp_1.csv', 'exp_2.csv'))).status).toBe(403)
    url.searchParams.delete('X-Amz-Signature')
    expect((await fetch(url)).status).toBe(403)
    await expect(storage.link!('sch_link/missing.csv', { fileName: 'x.csv', contentType: 'text/csv' })).rejects.toBeInstanceOf(StoredObjectMissing)
  })

  it('is refused bytes that do not match the checksum they were signed with, and requests signed with another secret', async () => {
    const storage = s3BucketStorage(s3.url)
    const file = scratchFile('id\r\nper_1\r\n')
    const tampered = { ...file, sha256Hex: createHash('sha256').update('id\r\nper_2\r\n').digest('hex') }
    await expect(storage.keep('sch_tamper/exp_1.csv', file.path, tampered)).rejects.toThrow('refused to store sch_tamper/exp_1.csv: HTTP 400')
    expect(await s3.keys('sch_tamper/')).toEqual([])
    const impostor = s3BucketStorage(s3.url.replace(':rollbook-test-secret@', ':another-secret@'))
    await expect(impostor.keep('sch_tamper/exp_1.csv', file.path, file)).rejects.toThrow('HTTP 403')
    await expect(impostor.read('sch_tamper/exp_1.csv')).rejects.toThrow('HTTP 403')
  })

  it('says the bucket is unavailable while it does not answer, and works again once it does', async () => {
    const storage = s3BucketStorage(s3.url)
    const file = scratchFile('id\r\nper_9\r\n')
    await storage.keep('sch_down/exp_1.csv', file.path, file)
    await s3.down()
    try {
      await expect(storage.read('sch_down/exp_1.csv')).rejects.toBeInstanceOf(StorageUnavailable)
      await expect(storage.link!('sch_down/exp_1.csv', { fileName: 'x.csv', contentType: 'text/csv' })).rejects.toBeInstanceOf(StorageUnavailable)
      await expect(storage.remove('sch_down/exp_1.csv')).rejects.toBeInstanceOf(StorageUnavailable)
    } finally {
      await s3.up()
    }
    expect(await streamText(await storage.read('sch_down/exp_1.csv'))).toBe('id\r\nper_9\r\n')
  })

  it('fails a night while the bucket is down, naming the fault by ids alone, and produces it once the lease has ended', async () => {
    const school = await newSchool()
    await addPeopleWithSpans(school, [{ familyName: 'Nightly', givenNames: 'Nell' }])
    const storage = s3BucketStorage(s3.url)
    const at = (time: string) => ({ storage, owner: 'worker-a', schoolIds: [school.id], now: new Date(time) })
    await s3.down()
    const failed = await produceDueExports(school.database, at('2026-11-23T16:00:00.000Z')).finally(() => s3.up())
    expect(failed.produced).toEqual([])
    expect(failed.failed).toHaveLength(1)
    // What the task logs (server/tasks/exports/produce.ts): the fault's class and the object's key, made of ids.
    const logged = JSON.stringify(faultSummary(failed.failed[0]!.fault))
    expect(logged).toMatch(/StorageUnavailable.*could not be reached to store sch_\w+\/exp_\w+\.csv/)
    expect(logged).not.toContain('Nightly')
    expect((await listExportFiles(school.context)).files).toEqual([])
    // The night keeps its lease: the next quarter hour leaves it, the first run after the lease's ten minutes produces it.
    expect((await produceDueExports(school.database, at('2026-11-23T16:05:00.000Z'))).produced).toEqual([])
    expect((await produceDueExports(school.database, at('2026-11-23T16:15:00.000Z'))).produced).toHaveLength(1)
    expect(await s3.keys(`${school.id}/`)).toHaveLength(exportTables.length)
  })

  it('refuses an address without a bucket or keys', () => {
    expect(() => s3BucketStorage('https://host.example/')).toThrow('EXPORTS_S3_URL')
  })
})
