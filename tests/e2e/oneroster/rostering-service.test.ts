import { beforeAll, describe, expect, it } from 'vitest'
import { callApi, type ApiAnswer } from '../../support/api'
import { newSchool } from '../../support/schools'
import { inOneMinute } from '../../support/minute-window'
import { oneRosterAccessToken } from '../../support/oneroster-client'
import { oneRosterAnswerProblems } from '../../support/oneroster-conformance'
import { seedDemoSchool } from '../../../server/domain/setup/demo/seed-demo-school'
import { setSchoolModule } from '../../../server/domain/schools/create-school'
import { receiptsOfPerson } from '../../../server/domain/receipts/receipts'
import { createOneRosterClient } from '../../../server/domain/oneroster/clients'

const v1p2 = '/ims/oneroster/rostering/v1p2'
const v1p1 = '/ims/oneroster/v1p1'

let school: Awaited<ReturnType<typeof newSchool>>
let token: string

/** Every 1.2 answer this file receives is checked against 1EdTech's document for its path and status. */
async function pull(path: string, options: { token?: string | null, localAddress?: string } = {}): Promise<ApiAnswer> {
  const answer = await callApi(`${v1p2}${path}`, { token: options.token === null ? undefined : options.token ?? token, localAddress: options.localAddress })
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
  expect(typeof answer.body, `${path} answers JSON`).toBe('object')
  if (!path.startsWith('/discovery')) expect(oneRosterAnswerProblems('1.2', 'GET', `${v1p2}${path}`, answer.status, answer.body), path).toEqual([])
  return answer
}

function expectStatusInfo(answer: ApiAnswer, status: number, codeMinor: string) {
  expect(answer.status).toBe(status)
  expect(answer.body).toMatchObject({
    imsx_codeMajor: 'failure', imsx_severity: 'error',
    imsx_CodeMinor: { imsx_codeMinorField: [{ imsx_codeMinorFieldName: 'TargetEndSystem', imsx_codeMinorFieldValue: codeMinor }] }
  })
}

/** The Link header as rel → the offset it names. */
function linkOffsets(answer: ApiAnswer): Record<string, number> {
  const header = answer.headers.get('link') ?? ''
  return Object.fromEntries([...header.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, url, rel]) => [rel, Number(new URL(url!).searchParams.get('offset'))]))
}

beforeAll(async () => {
  school = await newSchool({ name: 'OneRoster Academy' })
  await seedDemoSchool(school.context, { students: 60 })
  token = await oneRosterAccessToken(school)
})

describe('the OneRoster 1.2 rostering service over HTTP', () => {
  it('serves the discovery document without a token: 1EdTech\'s, with this server\'s address and token endpoint', async () => {
    for (const path of ['/discovery', '/discovery/onerosterv1p2rostersservice_openapi3_v1p0.json']) {
      const answer = await pull(path, { token: null })
      expect(answer.status).toBe(200)
      expect(answer.body.openapi).toBe('3.0.0')
      expect(answer.body.servers[0].url).toMatch(/\/ims\/oneroster\/rostering\/v1p2$/)
      expect(answer.body.components.securitySchemes.OAuth2CC.flows.clientCredentials.tokenUrl).toMatch(/\/oauth\/token$/)
      expect(Object.keys(answer.body.paths)).toHaveLength(41)
    }
  })

  it('grants a token to Google\'s conformance request (Basic, the roster and gradebook scopes) that reads the roster', async () => {
    const client = await createOneRosterClient(school.context, { name: 'Google Classroom', scopes: ['roster.readonly'] })
    const scopes = ['roster.readonly', 'gradebook.readonly', 'gradebook.createput', 'gradebook.delete']
      .map(scope => `https://purl.imsglobal.org/spec/or/v1p2/scope/${scope}`).join(' ')
    const answer = await callApi('/oauth/token', {
      method: 'POST', body: `grant_type=client_credentials&scope=${encodeURIComponent(scopes)}`,
      headers: {
        'authorization': `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded'
      }
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(answer.body.scope.split(' ')).toEqual([
      'https://purl.imsglobal.org/spec/or/v1p2/scope/roster.readonly', 'https://purl.imsglobal.org/spec/or/v1p1/scope/roster.readonly'
    ])
    expect((await pull('/teachers?limit=1', { token: answer.body.access_token })).body.users).toHaveLength(1)
  })

  it('pages users with X-Total-Count and first, prev, next and last links', async () => {
    const first = await pull('/users?limit=25')
    expect(first.status).toBe(200)
    const total = Number(first.headers.get('x-total-count'))
    expect(total).toBeGreaterThan(60)
    expect(first.body.users).toHaveLength(25)
    expect(linkOffsets(first)).toEqual({ first: 0, next: 25, last: Math.floor((total - 1) / 25) * 25 })
    const second = await pull('/users?limit=25&offset=25')
    expect(linkOffsets(second)).toMatchObject({ first: 0, prev: 0, next: 50 })
    expect(second.body.users[0].sourcedId > first.body.users[24].sourcedId).toBe(true)
    const whole = await pull('/users?limit=10000')
    expect(whole.body.users).toHaveLength(total)
    expect(linkOffsets(whole)).toEqual({ first: 0, last: 0 })
    const past = await pull('/users?limit=20000')
    expect(new URL(/<([^>]+)>/.exec(past.headers.get('link')!)![1]!).searchParams.get('limit')).toBe('10000')
  })

  it('finds a teacher by email as Google\'s conformance test asks, answering none and saying why', async () => {
    const answer = await pull(`/teachers?filter=${encodeURIComponent('email=\'teacher@example.org\'')}&limit=10000`)
    expect(answer.status).toBe(200)
    expect(answer.body.users).toEqual([])
    expect(answer.headers.get('x-total-count')).toBe('0')
    expect(answer.headers.get('x-rollbook-note')).toMatch(/never serves email/)
  })

  it('walks from a teacher to their classes, a class\'s students and a term\'s grading periods, as a platform does', async () => {
    const teachers = await pull('/teachers?limit=1')
    const teacher = teachers.body.users[0]
    const classes = await pull(`/teachers/${teacher.sourcedId}/classes?limit=10000&filter=${encodeURIComponent('status=\'active\'')}`)
    expect(classes.body.classes.length).toBeGreaterThan(0)
    const [taught] = classes.body.classes
    expect(taught.school.sourcedId).toBe(school.id)
    const students = await pull(`/classes/${taught.sourcedId}/students?limit=10000`)
    expect(students.status).toBe(200)
    const periods = await pull(`/terms/${taught.terms[0].sourcedId}/gradingPeriods?limit=10000`)
    expect(periods.body).toEqual({ academicSessions: [] })
  })

  it('answers the binding\'s errors: 401, 400, 404 and 403, each an imsx_StatusInfoDType', async () => {
    const anonymous = await pull('/users', { token: null, localAddress: '127.0.0.41' })
    expectStatusInfo(anonymous, 401, 'unauthorisedrequest')
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expectStatusInfo(await pull('/users', { token: 'not-a-token-at-all-but-long', localAddress: '127.0.0.41' }), 401, 'unauthorisedrequest')
    expectStatusInfo(await pull(`/users?filter=${encodeURIComponent('shoeSize=\'9\'')}`), 400, 'invalid_filter_field')
    expectStatusInfo(await pull('/users?fields=sourcedId,shoeSize'), 400, 'invalid_selection_field')
    expectStatusInfo(await pull('/users?limit=lots'), 400, 'invaliddata')
    expectStatusInfo(await pull('/users/per_nobody'), 404, 'unknownobject')
    expectStatusInfo(await pull('/classes/cls_nobody/students'), 404, 'unknownobject')
    expectStatusInfo(await pull('/demographics'), 404, 'unknownobject')
    expectStatusInfo(await pull('/demographics/per_nobody'), 404, 'unknownobject')
    // No operation of the document to check these against: the answer's form is checked alone.
    expectStatusInfo(await callApi(`${v1p2}/nothing/here`, { token }), 404, 'unknownobject')
    expectStatusInfo(await callApi(v1p2, { token }), 404, 'unknownobject')
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const refused = await callApi(`${v1p2}/users`, { token, method, body: method === 'DELETE' ? undefined : {} })
      expect(refused.status, method).toBe(405)
      expect(refused.headers.get('allow')).toBe('GET, HEAD')
      expect(refused.body).toMatchObject({ imsx_codeMajor: 'unsupported', imsx_severity: 'error' })
    }
    expectStatusInfo(await pull('/users/%E0%A4%A'), 400, 'invaliddata')
    const core = await oneRosterAccessToken(school, ['roster-core.readonly'])
    expect((await pull('/classes?limit=1', { token: core })).status).toBe(200)
    const [someClass] = (await pull('/classes?limit=1')).body.classes
    expectStatusInfo(await pull(`/classes/${someClass.sourcedId}/students`, { token: core }), 403, 'forbidden')
  })

  it('refuses a client past 300 requests a minute with the binding\'s 429', async () => {
    const refused = await inOneMinute(15, async () => {
      const busy = await oneRosterAccessToken(school)
      for (let request = 0; request < 300; request++) {
        const answer = await callApi(`${v1p2}/orgs?limit=1`, { token: busy })
        expect(answer.status).toBe(200)
      }
      return pull('/orgs', { token: busy })
    })
    expectStatusInfo(refused, 429, 'server_busy')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('another school\'s client', () => {
  it('reaches nothing of this school: its objects are unknown and its collections hold only its own', async () => {
    const other = await newSchool({ name: 'Another OneRoster School' })
    await seedDemoSchool(other.context, { students: 5 })
    const otherToken = await oneRosterAccessToken(other)
    const [student] = (await pull('/students?limit=1')).body.users
    const [someClass] = (await pull('/classes?limit=1')).body.classes
    expectStatusInfo(await pull(`/users/${student.sourcedId}`, { token: otherToken }), 404, 'unknownobject')
    expectStatusInfo(await pull(`/classes/${someClass.sourcedId}/students`, { token: otherToken }), 404, 'unknownobject')
    expectStatusInfo(await pull(`/schools/${school.id}/students`, { token: otherToken }), 404, 'unknownobject')
    const theirs = (await pull('/users?limit=10000', { token: otherToken })).body.users as { sourcedId: string }[]
    const ours = new Set(((await pull('/users?limit=10000')).body.users as { sourcedId: string }[]).map(user => user.sourcedId))
    expect(theirs.length).toBeGreaterThan(0)
    expect(theirs.filter(user => ours.has(user.sourcedId))).toEqual([])
  })
})

describe('what families see', () => {
  it('counts a platform\'s read of a child among the integrations that read their records, by the client\'s name', async () => {
    const [student] = (await pull('/students?limit=1')).body.users
    let receipts: Awaited<ReturnType<typeof receiptsOfPerson>> = []
    // The server writes its counts every two seconds.
    for (let tries = 0; tries < 40 && !receipts.length; tries++) {
      await new Promise(resolve => setTimeout(resolve, 250))
      receipts = await receiptsOfPerson(school.context, student.sourcedId)
    }
    expect(receipts).toEqual([
      expect.objectContaining({ purpose: 'test', reads: expect.any(Number), scopes: [expect.objectContaining({ name: 'roster.read' })] })
    ])
    expect(receipts[0]!.tokenId).toMatch(/^orc_/)
  })
})

describe('a school that switches rosters off', () => {
  it('answers forbidden, and serves again once switched on', async () => {
    const closed = await newSchool({ name: 'Closed Rosters School' })
    await seedDemoSchool(closed.context, { students: 10 })
    const closedToken = await oneRosterAccessToken(closed)
    expect((await pull('/orgs', { token: closedToken })).status).toBe(200)
    await setSchoolModule(closed.context, 'rosters', 'off')
    expectStatusInfo(await pull('/orgs', { token: closedToken }), 403, 'forbidden')
    await setSchoolModule(closed.context, 'rosters', 'on')
    expect((await pull('/orgs', { token: closedToken })).status).toBe(200)
  })
})

describe('OneRoster 1.1 over HTTP', () => {
  it('serves the same people in 1.1\'s shapes, errors in the same form', async () => {
    const answer = await callApi(`${v1p1}/students?limit=10000`, { token })
    expect(answer.status).toBe(200)
    const twelve = await callApi(`${v1p2}/students?limit=10000`, { token })
    const ids = (users: { sourcedId: string }[]) => users.map(user => user.sourcedId)
    expect(ids(answer.body.users)).toEqual(ids(twelve.body.users))
    expect(answer.body.users[0]).toMatchObject({ role: 'student', enabledUser: 'true', orgs: [{ href: expect.stringContaining(`${v1p1}/orgs/`) }] })
    const missing = await callApi(`${v1p1}/users/per_nobody`, { token })
    expectStatusInfo(missing, 404, 'unknownobject')
    expect((await callApi(`${v1p1}/users/per_nobody/classes`, { token })).status).toBe(404)
  })
})
