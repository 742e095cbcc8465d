import { beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../support/api'
import { adminJson, adminRun } from '../../support/admin-cli'
import { expectEnvelope } from '../../support/envelope'
import { seedFamily } from '../../support/person-fixtures'
import { newSchool } from '../../support/schools'
import { uniqueEmail } from '../../support/staff-sessions'
import { changePersonContact } from '../../../server/domain/people/contact-details'

describe('admin family invite and family remove', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let family: Awaited<ReturnType<typeof seedFamily>>
  beforeAll(async () => {
    school = await newSchool({ name: 'CLI families' })
    family = await seedFamily(school.context, { family: 'Cli', child: 'Ada' })
  })

  it('invite prints the account and a link that signs the adult in to the portal once; remove ends the access', async () => {
    const email = uniqueEmail('cli-family')
    await changePersonContact(school.context, family.mother, { email })
    const invited = await adminJson(['family', 'invite', '--school', school.id, '--person', family.mother])
    expect(Object.keys(invited).sort()).toEqual(['accountId', 'signInLink'])
    expect(invited.accountId).toMatch(/^acc_/)
    const token = new URL(invited.signInLink).searchParams.get('token')!
    const signedIn = await callApi('/api/app/session/link', { body: { token } })
    expect(signedIn.body).toMatchObject({ signedIn: true, access: { staff: false, family: true } })
    const cookie = signedIn.headers.getSetCookie().find(line => line.startsWith('rollbook_session='))!.split(';')[0]!
    expect((await callApi('/api/app/portal', { headers: { cookie } })).body).toMatchObject({ children: [{ id: family.child }] })

    expect(await adminJson(['family', 'remove', '--school', school.id, '--person', family.mother])).toEqual({ personId: family.mother, ended: true })
    expectEnvelope(await callApi('/api/app/portal', { headers: { cookie } }), 401, 'unauthenticated')
    const again = await adminRun(['family', 'remove', '--school', school.id, '--person', family.mother, '--json'])
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stdout).error.code).toBe('not_found')
  })

  it('refuses an --email of the office\'s choosing: the invitation goes to the address on the record alone', async () => {
    const chosen = await adminRun(['family', 'invite', '--school', school.id, '--person', family.father, '--email', uniqueEmail('chosen'), '--json'])
    expect([chosen.code, JSON.parse(chosen.stdout).error.code]).toEqual([1, 'validation_failed'])
    expect(JSON.parse(chosen.stdout).error.detail.join(' ')).toContain('address on the person\'s record')
  })

  it('refuses a child, and an adult with no address on their record, in the CLI\'s error form', async () => {
    const child = await adminRun(['family', 'invite', '--school', school.id, '--person', family.child, '--json'])
    expect([child.code, JSON.parse(child.stdout).error.code]).toEqual([1, 'unprocessable'])
    const noAddress = await adminRun(['family', 'invite', '--school', school.id, '--person', family.father, '--json'])
    expect([noAddress.code, JSON.parse(noAddress.stdout).error.code]).toEqual([1, 'validation_failed'])
  })
})
