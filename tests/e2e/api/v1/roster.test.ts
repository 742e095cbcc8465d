import { beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { and, eq, ne } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { classes, teachingAssignments } from '../../../../db/schema'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { inOneMinute } from '../../../support/minute-window'
import { newSchool } from '../../../support/schools'
import { serverLogContains } from '../../../support/server-log'
import { adminJson } from '../../../support/admin-cli'
import { rosterRuleProblems } from '../../../support/roster-rules'
import { seedDemoSchool } from '../../../../server/domain/setup/demo/seed-demo-school'
import { todayInZone } from '../../../../server/domain/days/clock'

describe('GET /api/v1/roster/{format}', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  beforeAll(async () => {
    school = await newSchool({ name: 'Roster "High", Est. 1901' })
    await seedDemoSchool(school.context, { students: 60 })
  })

  const formats = [['oneroster', 7], ['sds', 7], ['oneroster12', 8]] as const
  it.each(formats)('serves %s to a rostering token: %i files that keep every rule', async (format, count) => {
    const token = await school.token(['roster.read'], { issuedVia: 'rostering' })
    const answer = await callApi(`/api/v1/roster/${format}`, { token })
    expect(answer.status).toBe(200)
    expect(answer.body)
      .toMatchObject({ format, asAt: expect.stringMatching(/Z$/), counts: {
        students: expect.any(Number), teachers: expect.any(Number), classes: expect.any(Number), courses: expect.any(Number),
        enrollments: expect.any(Number), withheld: expect.any(Number)
      } })
    expect(answer.body.files).toHaveLength(count)
    expect(rosterRuleProblems(format, answer.body.files)).toEqual([])
  })

  it('refuses a token issued in the API settings, even with roster.read, saying why', async () => {
    const token = await school.token(['roster.read'])
    const data = expectEnvelope(await callApi('/api/v1/roster/oneroster', { token }), 403, 'forbidden')
    expect(data.detail.join(' ')).toMatch(/not issued through the school's rostering settings/)
  })

  it('refuses a rostering token without roster.read, naming the capability', async () => {
    const token = await school.token(['person.read'], { issuedVia: 'rostering' })
    const data = expectEnvelope(await callApi('/api/v1/roster/sds', { token }), 403, 'forbidden')
    expect(data.detail.join(' ')).toContain('roster.read')
  })

  it('answers an unknown format with not_found', async () => {
    const token = await school.token(['roster.read'], { issuedVia: 'rostering' })
    expectEnvelope(await callApi('/api/v1/roster/csv', { token }), 404, 'not_found')
  })

  it('refuses the 7th request in a minute with rate_limited', async () => {
    const { answers, refused } = await inOneMinute(20, async () => {
      const token = await school.token(['roster.read'], { issuedVia: 'rostering' })
      const answers = []
      for (const format of ['oneroster', 'sds', 'oneroster', 'sds', 'oneroster', 'sds']) answers.push(await callApi(`/api/v1/roster/${format}`, { token }))
      return { answers, refused: await callApi('/api/v1/roster/oneroster', { token }) }
    })
    expect(answers.map(a => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expectEnvelope(refused, 429, 'rate_limited')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('never serves a set that breaks a rule: internal, with the broken rule in the log', async () => {
    const broken = await newSchool()
    await seedDemoSchool(broken.context, { students: 20 })
    const [lead] = await broken.database.db.select({ assignment: teachingAssignments }).from(teachingAssignments)
      .innerJoin(classes, eq(classes.id, teachingAssignments.classId))
      .where(and(eq(teachingAssignments.schoolId, broken.id), eq(teachingAssignments.role, 'lead'), ne(classes.code, 'DRA-SUMMER-1')))
      .then(rows => rows.map(row => row.assignment))
    const [other] = (await broken.database.db.select().from(teachingAssignments).where(eq(teachingAssignments.schoolId, broken.id))).filter(row =>
      row.personId !== lead!.personId)
    const today = todayInZone(broken.school.timeZone)
    // Written around the domain on purpose: no writer of the school's would make a class with two lead teachers.
    await broken.database.transaction(tx => tx.insert(teachingAssignments)
      .values({ ...lead!, id: 'tas_secondlead', personId: other!.personId, validFrom: today }))
    const token = await broken.token(['roster.read'], { issuedVia: 'rostering' })
    expectEnvelope(await callApi('/api/v1/roster/oneroster', { token }), 500, 'internal')
    expect(await serverLogContains(`The oneroster roster of school ${broken.id} breaks`)).toBe(true)
    expect(await serverLogContains('at most one primary teacher per class')).toBe(true)
  })

  it('writes the same set as a zip from the CLI', async () => {
    const out = resolve(await mkdtemp(resolve(tmpdir(), 'roster-')), 'oneroster.zip')
    expect(await adminJson(['roster', 'export', '--school', school.id, '--format', 'oneroster', '--out', out]))
      .toMatchObject({ file: out, counts: { students: expect.any(Number) } })
    const files = Object.entries(unzipSync(new Uint8Array(await readFile(out)))).map(([name, bytes]) => ({ name, content: new TextDecoder().decode(bytes) }))
    expect(files.map(file => file.name).sort())
      .toEqual(['academicSessions.csv', 'classes.csv', 'courses.csv', 'enrollments.csv', 'manifest.csv', 'orgs.csv', 'users.csv'])
    expect(rosterRuleProblems('oneroster', files)).toEqual([])
  })

  it('writes the OneRoster 1.2 set as a zip from the CLI, roles.csv beside users.csv', async () => {
    const out = resolve(await mkdtemp(resolve(tmpdir(), 'roster-')), 'oneroster12.zip')
    expect(await adminJson(['roster', 'export', '--school', school.id, '--format', 'oneroster12', '--out', out]))
      .toMatchObject({ file: out, counts: { students: expect.any(Number) } })
    const files = Object.entries(unzipSync(new Uint8Array(await readFile(out)))).map(([name, bytes]) => ({ name, content: new TextDecoder().decode(bytes) }))
    expect(files.map(file => file.name).sort())
      .toEqual(['academicSessions.csv', 'classes.csv', 'courses.csv', 'enrollments.csv', 'manifest.csv', 'orgs.csv', 'roles.csv', 'users.csv'])
    expect(rosterRuleProblems('oneroster12', files)).toEqual([])
  })
})
