import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertPerson } from '../../../server/domain/people/person-record'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { systemContext } from '../../../server/domain/shared/context'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { exportTables } from '../../../server/domain/exports/tables'
import { adminJson } from '../../support/admin-cli'
import { callApi } from '../../support/api'
import { expectEnvelope } from '../../support/envelope'
import { startServerOnOwnDatabase, type OwnServer } from '../../support/own-server'
import { startS3Server, type S3Server } from '../../support/s3-server'
import { staffSession } from '../../support/staff-sessions'

/** A one-pixel PNG: a document the server takes by its first bytes. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/*
 * A built server keeping its files in an S3-compatible bucket (s3rver behind a signature check, tests/support/s3-server.ts;
 * docs/object-storage.md): exports produced into the bucket, downloads answered with a redirect to the bucket's signed
 * link after the grant and the caller's checks, an absence's document kept and read back the same way, and the bucket
 * stopped: the routes that need it answer `internal` in the envelope, saying so, and the rest of the service answers.
 */
describe('files in an S3-compatible bucket, through a built server', () => {
  let s3: S3Server
  let own: OwnServer
  let token = ''
  let schoolId = ''
  let childId = ''
  let admin = ''
  const manual = (path: string, headers: Record<string, string>) => fetch(`${own.server.url}${path}`, { headers, redirect: 'manual' })

  beforeAll(async () => {
    s3 = await startS3Server()
    own = await startServerOnOwnDatabase('object-storage', { EXPORTS_S3_URL: s3.url })
    ;({ schoolId, token } = await own.schoolWithToken(['export.read', 'person.read']))
    const context = systemContext(own.database, await requireSchool(own.database, schoolId), 'test')
    childId = await writeChanges(context, async (tx, changes) => {
      const child = await insertPerson(tx, changes, schoolId, { familyName: 'Bucket', givenNames: 'Bea', dateOfBirth: '2016-03-04' })
      await insertAffiliation(tx, changes, context.school, { personId: child, kind: 'student', validFrom: '2020-09-01', yearLevel: '3', campusId: null })
      return child
    })
    admin = (await staffSession({ id: schoolId, context, database: own.database }, 'admin')).cookie
  })
  afterAll(async () => {
    await own?.stop()
    await s3?.stop()
  })

  it('produces the exports into the bucket, and a download is a redirect to a signed link of it, after the grant is checked', async () => {
    const produced = await adminJson(['export', 'run', '--school', schoolId], { DATABASE_URL: own.databaseUrl, EXPORTS_S3_URL: s3.url })
    expect(produced.files).toHaveLength(exportTables.length)
    // The server's own quarter-hour run may add the school's night beside the CLI's files: each of these is there.
    expect(await s3.keys(`${schoolId}/`)).toEqual(expect.arrayContaining(produced.files.map((file: { id: string }) => `${schoolId}/${file.id}.csv`)))
    const listed = await callApi('/api/v1/exports', { token, baseUrl: own.server.url })
    const people = listed.body.files.find((file: { key: string }) => file.key === 'people')
    const answer = await manual(people.url, { authorization: `Bearer ${token}` })
    expect(answer.status).toBe(302)
    const link = answer.headers.get('location')!
    expect(new URL(link).port).toBe(String(s3.port))
    // Ids only: nothing of the child in the link.
    expect(link).not.toMatch(/Bucket|Bea/)
    expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('60')
    const file = await fetch(link)
    expect(file.headers.get('content-disposition')).toContain(people.fileName)
    expect(await file.text()).toContain('Bucket,Bea')
    expectEnvelope(await callApi(people.url.replace(/grant=./, 'grant=x'), { token, baseUrl: own.server.url }), 403, 'forbidden')
  })

  it('keeps an absence\'s document in the bucket and answers its download with a signed link', async () => {
    const recorded = await callApi('/api/app/absences', {
      baseUrl: own.server.url, method: 'POST', headers: { cookie: admin },
      body: { childId, firstDay: '2026-11-30', reason: 'illness', document: { name: 'letter.png', content: png.toString('base64') } }
    })
    expect(recorded.status).toBe(201)
    expect(await s3.keys(`absence-documents/${schoolId}/`)).toEqual([`absence-documents/${schoolId}/${recorded.body.id}`])
    const answer = await manual(`/api/app/absences/${recorded.body.id}/document`, { cookie: admin })
    expect(answer.status).toBe(302)
    const file = await fetch(answer.headers.get('location')!)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true)
  })

  it('with the bucket down, answers internal where a file is needed, saying so, and everything else as before', async () => {
    const listed = await callApi('/api/v1/exports', { token, baseUrl: own.server.url })
    const absences = await callApi(`/api/app/people/${childId}/absences`, { baseUrl: own.server.url, headers: { cookie: admin } })
    const withDocument = absences.body.items.find((absence: { hasDocument: boolean }) => absence.hasDocument)
    await s3.down()
    try {
      const download = await callApi(listed.body.files[0].url, { token, baseUrl: own.server.url })
      expectEnvelope(download, 500, 'internal')
      expect(download.body.data.detail).toEqual(['The file store is not answering just now: the file is kept; try again in a few minutes.'])
      expectEnvelope(await callApi(`/api/app/absences/${withDocument.id}/document`, { baseUrl: own.server.url, headers: { cookie: admin } }), 500, 'internal')
      const body = { childId, firstDay: '2026-12-01', reason: 'illness' }
      const refused = await callApi('/api/app/absences', {
        baseUrl: own.server.url, method: 'POST', headers: { cookie: admin }, body: { ...body, document: { name: 'b.png', content: png.toString('base64') } }
      })
      expectEnvelope(refused, 500, 'internal')
      // Without a document the same report is taken, and people are listed, as ever.
      expect((await callApi('/api/app/absences', { baseUrl: own.server.url, method: 'POST', headers: { cookie: admin }, body })).status).toBe(201)
      expect((await callApi('/api/v1/people', { token, baseUrl: own.server.url })).status).toBe(200)
      expect((await callApi('/health', { baseUrl: own.server.url })).status).toBe(200)
    } finally {
      await s3.up()
    }
    expect((await manual(`/api/app/absences/${withDocument.id}/document`, { cookie: admin })).status).toBe(302)
  })
})
