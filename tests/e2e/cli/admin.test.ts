import { describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { resolve } from 'node:path'
import { callApi } from '../../support/api'
import { projectRoot } from '../../support/server-process'

const run = promisify(execFile)
const tsx = resolve(projectRoot, 'node_modules/.bin/tsx')

/** Runs `npm run admin -- …` the way a self-hoster does, against the test database. */
async function admin(...args: string[]) {
  const { stdout } = await run(tsx, ['cli/admin.ts', ...args, '--json'], { cwd: projectRoot, env: process.env })
  return JSON.parse(stdout)
}

describe('admin CLI', () => {
  it('creates a school, issues, lists and revokes tokens, and fills a demo school', async () => {
    const school = await admin('school', 'create', '--name', 'CLI School', '--time-zone', 'Pacific/Auckland', '--campus', 'North=N01', '--campus', 'South=S02')
    expect(school.id).toMatch(/^sch_/)

    const issued = await admin('token', 'issue', '--school', school.id, '--purpose', 'SIS link', '--scopes', 'person.read,affiliation.read', '--expires-in-days', '30')
    expect(issued.id).toMatch(/^tok_/)
    expect(issued.token).toMatch(/^rbk_[0-9A-Za-z]{40,}$/)
    expect(issued.expiresOn).toMatch(/^\d{4}-\d\d-\d\d$/)

    const demo = await admin('demo', '--school', school.id, '--students', '50')
    expect(demo.students).toBe(50)
    const people = await callApi('/api/v1/people?limit=1000', { token: issued.token })
    expect(people.status).toBe(200)
    expect(people.body.items.length).toBe(demo.students + demo.carers + demo.staff + demo.alumni + demo.admissionsPeople)

    const listed = await admin('token', 'list', '--school', school.id)
    expect(listed).toEqual([expect.objectContaining({ id: issued.id, purpose: 'SIS link', scopes: ['person.read', 'affiliation.read'], expiresOn: issued.expiresOn, revokedAt: null })])
    expect(JSON.stringify(listed)).not.toContain(issued.token)

    await admin('token', 'revoke', '--id', issued.id)
    expect((await callApi('/api/v1/people', { token: issued.token })).status).toBe(401)
  })

  it('refuses a token past the two-year maximum and an unknown scope with a one-line reason', async () => {
    const school = await admin('school', 'create', '--name', 'Strict', '--time-zone', 'UTC')
    for (const args of [['--expires-in-days', '731'], ['--scopes', 'person.write']]) {
      const failure = await run(tsx, ['cli/admin.ts', 'token', 'issue', '--school', school.id, '--purpose', 'x', '--scopes', 'person.read', ...args], { cwd: projectRoot, env: process.env }).catch(e => e)
      expect(failure.code).toBe(1)
      expect(failure.stderr.trim().split('\n')).toHaveLength(1)
    }
  })
})
