import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { setSchoolModule } from '../../../../server/domain/schools/create-school'
import { produceSchoolExports } from '../../../../server/domain/exports/produce-exports'
import { configuredExportStorage } from '../../../../server/domain/exports/storage/export-storage'
import { loadServerSecrets } from '../../../../server/utils/server-secrets'
import { signExportGrant } from '../../../../server/utils/export-grants'
import { callApi } from '../../../support/api'
import { newSchool } from '../../../support/schools'
import { addPeopleWithSpans, type TestSchool } from '../../../support/roles-fixtures'
import { exportTables } from '../../../../server/domain/exports/tables'

/** Fetches a listed url as bytes. */
async function download(url: string, token: string) {
  const response = await fetch(`${inject('baseUrl')}${url}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
}

describe('GET /api/v1/exports and its files', () => {
  let school: TestSchool
  let token: string
  let tokenId: string

  beforeAll(async () => {
    school = await newSchool()
    await addPeopleWithSpans(school, [
      { familyName: 'Østergaard', givenNames: 'Zoë', spans: [{ validFrom: '2024-01-30', yearLevel: '3' }] },
      { familyName: '=HYPERLINK("http://x")', givenNames: 'Sly' }
    ])
    const issued = await school.tokenWithId(['export.read'])
    token = issued.token
    tokenId = issued.id
  })

  it('lists nothing before the first production', async () => {
    const answer = await callApi('/api/v1/exports', { token })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ files: [], producedAt: null })
    expect(answer.headers.get('x-ratelimit-limit')).toBe('20')
  })

  it('lists the newest file of each table, and each url streams the file whose checksum it gives', async () => {
    await produceSchoolExports(school.context, { storage: configuredExportStorage() })
    const listed = await produceSchoolExports(school.context, { storage: configuredExportStorage() })
    const answer = await callApi('/api/v1/exports', { token })
    expect(answer.status).toBe(200)
    expect(answer.body.files.map((file: any) => file.key)).toEqual(exportTables.map(table => table.key))
    expect(answer.body.producedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const people = answer.body.files[0]
    expect(people).toEqual({
      key: 'people',
      fileName: `people-${answer.body.producedAt}.csv`,
      rows: 2,
      checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      url: expect.stringMatching(new RegExp(`^/api/v1/exports/${listed[0]!.id}/file\\?grant=[\\w.-]+$`)),
      expiresAt: expect.stringMatching(/Z$/),
      columns: expect.arrayContaining([{ name: 'id', class: 'general' }, { name: 'familyName', class: 'personal' }])
    })
    const minutes = (Date.parse(people.expiresAt) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(9)
    expect(minutes).toBeLessThanOrEqual(10)

    const file = await download(people.url, token)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${people.fileName}"; filename*=UTF-8''${people.fileName}`)
    expect(Number(file.headers.get('content-length'))).toBe(file.bytes.length)
    expect(`sha256:${createHash('sha256').update(file.bytes).digest('hex')}`).toBe(people.checksum)
    const text = file.bytes.toString('utf8')
    expect(text).toContain('Østergaard,Zoë')
    expect(text).toContain('"\'=HYPERLINK(""http://x"")"')
  })

  it('refuses, naming why, a grant of another token, changed by one character, of another file, past its ten minutes, or missing', async () => {
    const [people, affiliations] = (await callApi('/api/v1/exports', { token })).body.files
    const other = await school.token(['export.read'])
    const [path, grant] = people.url.split('?grant=')
    // The signature's first character: its last carries padding bits, and A to D there decode alike.
    const at = grant.lastIndexOf('.') + 1
    const flipped = grant.slice(0, at) + (grant[at] === 'A' ? 'B' : 'A') + grant.slice(at + 1)
    await loadServerSecrets(school.database)
    const expired = signExportGrant(people.url.split('/')[4], tokenId, new Date(Date.now() - 11 * 60_000)).grant
    const cases: [string, string, RegExp][] = [
      [people.url, other, /another token/],
      [`${path}?grant=${flipped}`, token, /not one this service signed/],
      [`${affiliations.url.split('?')[0]}?grant=${grant}`, token, /another file/],
      [`${path}?grant=${expired}`, token, /expired/],
      [path, token, /needs its grant/]
    ]
    for (const [url, caller, reason] of cases) {
      const answer = await callApi(url, { token: caller })
      expect(answer.status, url).toBe(403)
      expect(answer.body.data.code).toBe('forbidden')
      expect(answer.body.data.detail.join(' ')).toMatch(reason)
    }
  })

  it('needs export.read, and is component_off while the school keeps exports off', async () => {
    const reader = await school.token(['person.read'])
    const refused = await callApi('/api/v1/exports', { token: reader })
    expect([refused.status, refused.body.data.code, refused.body.data.missingScope]).toEqual([403, 'forbidden', 'export.read'])
    const other = await newSchool()
    await setSchoolModule(other.context, 'exports', 'off')
    const off = await callApi('/api/v1/exports', { token: await other.token(['export.read']) })
    expect([off.status, off.body.data.code]).toEqual([403, 'component_off'])
  })

  it('answers not_found for a file of another school, even with a grant its own token was given', async () => {
    const other = await newSchool()
    const issued = await other.tokenWithId(['export.read'])
    const [file] = await produceSchoolExports(school.context, { storage: configuredExportStorage() })
    await loadServerSecrets(school.database)
    const { grant } = signExportGrant(file!.id, issued.id)
    const answer = await callApi(`/api/v1/exports/${file!.id}/file?grant=${grant}`, { token: issued.token })
    expect([answer.status, answer.body.data.code]).toEqual([404, 'not_found'])
  })
})
