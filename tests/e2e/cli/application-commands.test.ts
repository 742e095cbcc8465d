import { describe, expect, it } from 'vitest'
import { adminJson, adminRun } from '../../support/admin-cli'
import { newSchool } from '../../support/schools'
import { applicationBody } from '../../support/admissions-fixtures'
import { submitApplication } from '../../../server/domain/admissions/submit-application'

/** Runs the bundled `admin application …` as an image does, against the test database. */
function admin(...args: string[]) {
  return adminJson(['application', ...args])
}

describe('admin CLI: application offer|accept|decline|list', () => {
  it('takes an application through the office\'s steps, and refuses one out of order naming the state it needs', async () => {
    const school = await newSchool()
    const accepted = await submitApplication(school.context, applicationBody())
    const declined = await submitApplication(school.context, applicationBody())

    const offered = await admin('offer', '--id', accepted.id, '--starts-on', '2027-01-28')
    expect(offered).toMatchObject({ id: accepted.id, state: 'offered', startsOn: '2027-01-28', offeredBy: 'system:cli' })
    expect(await admin('accept', '--id', accepted.id)).toMatchObject({ state: 'accepted', answeredBy: 'system:cli' })

    const outOfOrder = await adminRun(['application', 'decline', '--id', declined.id])
    expect(outOfOrder.code).toBe(1)
    expect(outOfOrder.stderr.trim()).toMatch(/must be offered; it is submitted/)
    await admin('offer', '--id', declined.id)
    await admin('decline', '--id', declined.id)

    const listed = await admin('list', '--school', school.id)
    expect(listed.map((a: any) => [a.id, a.state])).toEqual([[accepted.id, 'accepted'], [declined.id, 'declined']])
    expect(listed[0].adultIds).toEqual(accepted.adultIds)
  })
})
