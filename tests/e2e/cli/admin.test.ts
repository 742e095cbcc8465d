import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { outboxMails } from '../../../db/schema'
import { removeStaffAccess } from '../../../server/domain/staff/staff-access'
import { callApi } from '../../support/api'
import { adminJson, adminRun as runBundled } from '../../support/admin-cli'
import { freePort } from '../../support/server-process'
import { newSchool } from '../../support/schools'
import { insertPerson } from '../../../server/domain/people/person-record'
import { writeChanges } from '../../../server/domain/shared/write-changes'
import { insertAffiliation } from '../../../server/domain/affiliations/open-affiliation'

/** Runs the bundled CLI under `--json` as an image does, against the test database. */
function admin(...args: string[]) {
  return adminJson(args)
}

/** Runs the bundled CLI as given, refused or not: its exit status and both streams. */
function adminRun(...args: string[]) {
  return runBundled(args)
}

describe('admin CLI', () => {
  // Six CLI processes and a demo school's fill, each process starting Node and opening the database: 20 s alone, over 60 s on CI's two busy cores.
  it('creates a school, issues, lists and revokes tokens, and fills a demo school', async () => {
    const school = await admin('school', 'create', '--name', 'CLI School', '--time-zone', 'Pacific/Auckland', '--campus', 'North=N01', '--campus', 'South=S02')
    expect(school.id).toMatch(/^sch_/)

    const issued = await admin(
      'token', 'issue', '--school', school.id, '--purpose', 'SIS link', '--scopes', 'person.read,affiliation.read', '--expires-in-days', '30'
    )
    expect(issued.id).toMatch(/^tok_/)
    expect(issued.token).toMatch(/^rbk_[0-9A-Za-z]{40,}$/)
    expect(issued.expiresOn).toMatch(/^\d{4}-\d\d-\d\d$/)

    const demo = await admin('demo', '--school', school.id, '--students', '50')
    expect(demo.students).toBe(50)
    const people = await callApi('/api/v1/people?limit=1000', { token: issued.token })
    expect(people.status).toBe(200)
    const portalPeople = new Set(JSON.stringify(demo.portalFamilies).match(/per_[0-9a-z]+/g)).size
    expect(people.body.items.length).toBe(demo.students + demo.carers + demo.staff + demo.alumni + demo.admissionsPeople + portalPeople)
    const again = await adminRun('demo', '--school', school.id, '--students', '5', '--json')
    expect(again.code).toBe(1)
    expect(JSON.parse(again.stdout).error).toMatchObject({ code: 'conflict', detail: [expect.stringContaining('the demo fills an empty school only')] })

    const listed = await admin('token', 'list', '--school', school.id)
    expect(listed).toEqual([
      expect.objectContaining({ id: issued.id, purpose: 'SIS link', scopes: ['person.read', 'affiliation.read'], expiresOn: issued.expiresOn, revokedAt: null })
    ])
    expect(JSON.stringify(listed)).not.toContain(issued.token)

    await admin('token', 'revoke', '--id', issued.id)
    expect((await callApi('/api/v1/people', { token: issued.token })).status).toBe(401)
  }, 180_000)

  it('refuses a token past the two-year maximum and an unknown scope with a one-line reason', async () => {
    const school = await admin('school', 'create', '--name', 'Strict', '--time-zone', 'UTC')
    for (const args of [['--expires-in-days', '731'], ['--scopes', 'person.write'], ['--scopes', 'toString'], ['--scopes', 'constructor']]) {
      const failure = await adminRun('token', 'issue', '--school', school.id, '--purpose', 'x', '--scopes', 'person.read', ...args)
      expect(failure.code).toBe(1)
      expect(failure.stderr.trim().split('\n')).toHaveLength(1)
      expect(failure.stdout).toBe('')
    }
    expect(await admin('token', 'list', '--school', school.id)).toEqual([])
  })

  it('adds the first administrator with a one-time sign-in link that works once', async () => {
    const school = await admin('school', 'create', '--name', 'Staff School', '--time-zone', 'Europe/London')
    const email = `first-admin-${Date.now()}@example.org`
    const added = await admin('staff', 'add', '--school', school.id, '--email', email, '--role', 'admin')
    expect(added.member).toMatchObject({ email, role: 'admin' })
    expect(Date.parse(added.linkExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000)
    const token = new URL(added.signInLink).searchParams.get('token')!
    const first = await callApi('/api/app/session/link', { body: { token } })
    expect(first.status).toBe(200)
    expect((await callApi('/api/app/session/link', { body: { token } })).status).toBe(401)
    const refused = await adminRun('staff', 'add', '--school', school.id, '--email', email, '--role', 'admin', '--json')
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stdout).error.code).toBe('conflict')
  })

  it('links a member of staff to their own person record, and refuses a person who is not (validation_failed on personId)', async () => {
    const school = await newSchool({ name: 'Teacher Parent School' })
    const email = `teacher-parent-${Date.now()}@example.org`
    const personId = await writeChanges(school.context, async (tx, changes) => {
      const id = await insertPerson(tx, changes, school.id, { familyName: 'Okafor', givenNames: 'Ada', email })
      await insertAffiliation(tx, changes, school.school, { personId: id, kind: 'staff_member', validFrom: '2020-01-20' })
      return id
    })
    const added = await admin('staff', 'add', '--school', school.id, '--email', email, '--role', 'teacher', '--person', personId)
    expect(added.member).toMatchObject({ role: 'teacher', personId })
    expect(added.signInLink).toMatch(/\/sign-in\/link\?token=/)
    // Removed and added again: the account was there before, so its link is mailed to it, never printed.
    await removeStaffAccess(school.context, added.member.id)
    const again = await admin('staff', 'add', '--school', school.id, '--email', email, '--role', 'teacher', '--person', personId)
    expect(again).toMatchObject({ member: { id: added.member.id }, signInLink: null })
    const mailed = await school.database.db.select({ text: outboxMails.text }).from(outboxMails).where(eq(outboxMails.to, email))
    expect(mailed.map(mail => mail.text)).toEqual([expect.stringContaining('/sign-in/link?token=')])
    // A parent's record (no staff affiliation, another address) would make the account that parent's family login.
    const parent = await writeChanges(
      school.context,
      (tx, changes) => insertPerson(tx, changes, school.id, { familyName: 'Okafor', givenNames: 'Chidi', email: `parent-${Date.now()}@example.org` })
    )
    for (const person of [parent, 'per_doesnotexist00']) {
      const refused = await adminRun(
        'staff', 'add', '--school', school.id, '--email', `nobody-${Date.now()}@example.org`, '--role', 'teacher', '--person', person, '--json'
      )
      expect(refused.code).toBe(1)
      expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'validation_failed', detail: [expect.stringMatching(/^personId: /)] })
    }
  })

  it('lists the schools with their ids and names', async () => {
    const school = await admin('school', 'create', '--name', 'Listed School', '--time-zone', 'Europe/Paris')
    expect(await admin('school', 'list'))
      .toContainEqual({ id: school.id, name: 'Listed School', timeZone: 'Europe/Paris', createdAt: expect.stringMatching(/Z$/) })
    const human = await adminRun('school', 'list')
    expect(human.code).toBe(0)
    expect(human.stdout).toContain(`${school.id}  Listed School  (Europe/Paris)`)
  })

  // One refusal a test (issue 45): each is a CLI start of its own, seconds on a loaded machine.
  it.each([
    [
      ['school', 'create', '--name', 'Nowhere', '--time-zone', 'Mars/Olympus_Mons'], 'validation_failed',
      'timeZone: Mars/Olympus_Mons is not an IANA time zone.'
    ],
    [['school', 'create', '--time-zone', 'UTC'], 'validation_failed', 'Missing required argument: --name'],
    [['token', 'list', '--school', 'sch_none'], 'not_found', 'No school has the id sch_none.'],
    [['token', 'revoke', '--id', 'tok_none'], 'not_found', 'No token has the id tok_none.']
  ] as const)('answers a refusal under --json with one JSON error on stdout and exit status 1: %j', async (args, code, detail) => {
    const failure = await adminRun(...args, '--json')
    expect(failure.code).toBe(1)
    expect(JSON.parse(failure.stdout)).toEqual({ error: { code, detail: [detail] } })
    expect(failure.stderr).not.toMatch(/^\s+at /m)
  })

  it('answers a refusal without --json in one line on stderr and exit status 1', async () => {
    const human = await adminRun('school', 'create', '--name', 'Nowhere', '--time-zone', 'Mars/Olympus_Mons')
    expect([human.code, human.stdout, human.stderr.trim()]).toEqual([1, '', 'timeZone: Mars/Olympus_Mons is not an IANA time zone.'])
  })

  it('says in one line, without the password, that the database cannot be reached', async () => {
    const port = await freePort()
    const failure = await runBundled(['school', 'list'], { DATABASE_URL: `postgres://rollbook:s3cret-Pa55@127.0.0.1:${port}/school` })
    expect(failure.code).toBe(1)
    expect(failure.stderr.trim()).toBe(`Cannot reach the database at postgres://rollbook:***@127.0.0.1:${port}/school: connection refused.`)
  })

  // One command's help a test (issue 45): nine CLI starts at once took a loaded machine's two cores for seconds each.
  const commands = [[], ['school'], ['school', 'create'], ['school', 'list'], ['token'], ['token', 'issue'], ['token', 'list'], ['token', 'revoke'], ['demo']]
  it.each(commands.map(words => ({ words, command: ['rollbook-admin', ...words].join(' ') })))('describes every command and subcommand in its '
    + 'help: $command', async ({ words }) => {
    const help = await adminRun(...words, '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).not.toContain('undefined')
    const [title] = help.stdout.split('\n')
    // "<what it does> (rollbook-admin school create)"
    expect(title).toMatch(new RegExp(`^[A-Z].{10,} \\(${['rollbook-admin', ...words].join(' ')}\\)$`))
    expect(help.stdout).toContain(`USAGE rollbook-admin${words.map(word => ' ' + word).join('')}`)
    for (const option of help.stdout.matchAll(/^\s+(--[\w-]+)\S*\s{2,}(.*)$/gm)) expect(option[2]!.trim(), option[1]).not.toMatch(/^\((Required|Default)/)
  })
})
