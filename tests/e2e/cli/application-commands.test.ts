import { describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { resolve } from 'node:path'
import { projectRoot } from '../../support/server-process'
import { newSchool } from '../../support/schools'
import { applicationBody } from '../../support/admissions-fixtures'
import { submitApplication } from '../../../server/domain/admissions/submit-application'

const run = promisify(execFile)
const tsx = resolve(projectRoot, 'node_modules/.bin/tsx')

/** Runs `npm run admin -- application …` the way a self-hoster does, against the test database. */
async function admin(...args: string[]) {
  const { stdout } = await run(tsx, ['cli/admin.ts', 'application', ...args, '--json'], { cwd: projectRoot, env: process.env })
  return JSON.parse(stdout)
}

describe('admin CLI: application offer|accept|decline|list', () => {
  it('takes an application through the office\'s steps, and refuses one out of order naming the state it needs', async () => {
    const school = await newSchool()
    const accepted = await submitApplication(school.context, applicationBody())
    const declined = await submitApplication(school.context, applicationBody())

    const offered = await admin('offer', '--id', accepted.id, '--starts-on', '2027-01-28')
    expect(offered).toMatchObject({ id: accepted.id, state: 'offered', startsOn: '2027-01-28', offeredBy: 'system:cli' })
    expect(await admin('accept', '--id', accepted.id)).toMatchObject({ state: 'accepted', answeredBy: 'system:cli' })

    const outOfOrder = await run(tsx, ['cli/admin.ts', 'application', 'decline', '--id', declined.id], { cwd: projectRoot, env: process.env }).catch(e => e)
    expect(outOfOrder.code).toBe(1)
    expect(outOfOrder.stderr.trim()).toMatch(/must be offered; it is submitted/)
    await admin('offer', '--id', declined.id)
    await admin('decline', '--id', declined.id)

    const listed = await admin('list', '--school', school.id)
    expect(listed.map((a: any) => [a.id, a.state])).toEqual([[accepted.id, 'accepted'], [declined.id, 'declined']])
    expect(listed[0].adultIds).toEqual(accepted.adultIds)
  })
})
