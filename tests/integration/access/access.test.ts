import { beforeAll, describe, expect, it } from 'vitest'
import { accessFor, assertCapability, type Access, type Caller } from '../../../server/domain/access/access'
import { capabilityNames, scopeNames, type Capability } from '../../../server/domain/access/catalogue'
import { fieldsVisible } from '../../../server/domain/access/fields'
import { builtInRoles, roleNames } from '../../../server/domain/access/roles'
import { assertModuleOpen, moduleSwitch } from '../../../server/domain/access/switches'
import { canSee, listsRestrictedChildren } from '../../../server/domain/access/withholding'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { recordProtectionFlag } from '../../../server/domain/restricted/protection-flags'
import { readRestrictedRecord } from '../../../server/domain/restricted/restricted-record'
import { setRoleCapabilities } from '../../../server/domain/staff/roles'
import type { DomainContext } from '../../../server/domain/shared/context'
import { setSchoolModule } from '../../../server/domain/schools/create-school'
import { requireSchool } from '../../../server/domain/schools/find-school'
import { todayInZone } from '../../../server/domain/days/clock'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'

/*
 * Every caller kind against every capability and field class, and against a protected child and a
 * restricted record, at the domain (server/domain/access/). tests/e2e/api/access.test.ts runs the
 * same cases through the routes.
 */

type Row = { name: string, caller: Caller, holds: readonly Capability[], personal: boolean, restricted: boolean }

const token = (scopes: Capability[]): Caller => ({ kind: 'token', tokenId: 'tok_test', issuedVia: 'settings', scopes })
// The school changes `teacher` so that it grants the restricted record too (a delegated role).
const delegatedTeacher: Capability[] = ['person.read', 'roster.read', 'restricted.read']

const rows: Row[] = [
  { name: 'a token with person.read', caller: token(['person.read']), holds: ['person.read'], personal: true, restricted: false },
  { name: 'a token with export.read alone', caller: token(['export.read']), holds: ['export.read'], personal: false, restricted: false },
  { name: 'a token with restricted.read alone', caller: token(['restricted.read']), holds: ['restricted.read'], personal: false, restricted: true },
  { name: 'a token with every scope', caller: token(scopeNames), holds: scopeNames, personal: true, restricted: true },
  // A stored scope the catalogue no longer lists (or a screen capability) grants nothing to a token.
  {
    name: 'a token naming a screen capability', caller: token(['staff.manage', 'person.read'] as Capability[]), holds: ['person.read'],
    personal: true, restricted: false
  },
  { name: 'an admin', caller: { kind: 'staff', accountId: 'stf_a', role: 'admin' }, holds: capabilityNames, personal: true, restricted: true },
  { name: 'an office member', caller: { kind: 'staff', accountId: 'stf_o', role: 'office' }, holds: builtInRoles.office, personal: true, restricted: false },
  {
    name: 'an admissions member', caller: { kind: 'staff', accountId: 'stf_m', role: 'admissions' }, holds: builtInRoles.admissions, personal: true,
    restricted: false
  },
  {
    name: 'a read-only member', caller: { kind: 'staff', accountId: 'stf_r', role: 'read_only' }, holds: builtInRoles.read_only, personal: true,
    restricted: false
  },
  {
    name: 'a teacher, the school having delegated the restricted record to teachers', caller: { kind: 'staff', accountId: 'stf_t', role: 'teacher' },
    holds: delegatedTeacher, personal: true, restricted: true
  },
  { name: 'a member whose role is not a role', caller: { kind: 'staff', accountId: 'stf_x', role: 'janitor' }, holds: [], personal: false, restricted: false },
  { name: 'the CLI', caller: { kind: 'system', name: 'cli' }, holds: capabilityNames, personal: true, restricted: true },
  { name: 'a task', caller: { kind: 'system', name: 'exports:produce' }, holds: capabilityNames, personal: true, restricted: true }
]

describe('access (server/domain/access/)', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let protectedChild: string, orderedChild: string, freeChild: string
  let today: string

  beforeAll(async () => {
    school = await newSchool()
    today = todayInZone(school.school.timeZone)
    ;[protectedChild, orderedChild, freeChild] = await addPeopleWithSpans(school, [
      { familyName: 'Flagged', givenNames: 'Fay', spans: [{ validFrom: '2024-01-29', yearLevel: '3' }] },
      { familyName: 'Ordered', givenNames: 'Otto', spans: [{ validFrom: '2024-01-29', yearLevel: '3' }] },
      { familyName: 'Free', givenNames: 'Fred', spans: [{ validFrom: '2024-01-29', yearLevel: '3' }] }
    ])
    await recordProtectionFlag(school.context, protectedChild!, { kind: 'child_protection', validFrom: '2024-03-01' })
    await recordCourtOrder(school.context, orderedChild!, { kind: 'parenting_order', validFrom: '2024-03-01', summary: 'Not to be collected by the father.' })
    await setRoleCapabilities(school.context, 'teacher', delegatedTeacher)
  })

  // Every built-in role has its row, so a role added to the catalogue is added here too.
  it('covers every built-in role', () => {
    const covered = new Set(rows.flatMap(row => row.caller.kind === 'staff' ? [row.caller.role] : []))
    expect(roleNames.filter(role => !covered.has(role))).toEqual([])
  })

  describe.each(rows)('$name', (row) => {
    let access: Access
    let ctx: DomainContext
    beforeAll(async () => {
      access = await accessFor(school.database, school.school, row.caller)
      ctx = { database: school.database, school: school.school, ...access }
    })

    it('holds exactly its capabilities, and is refused every other', () => {
      expect([...access.capabilities].sort()).toEqual([...new Set(row.holds)].sort())
      for (const capability of capabilityNames) {
        if (row.holds.includes(capability)) expect(() => assertCapability(access, capability)).not.toThrow()
        else expect(() => assertCapability(access, capability))
          .toThrow(expect.objectContaining({ code: 'forbidden', extras: { data: { missingScope: capability } } }))
      }
    })

    it('sees the field classes its capabilities reveal', () => {
      expect([...fieldsVisible(access)].sort()).toEqual(['general', ...(row.personal ? ['personal'] : []), ...(row.restricted ? ['restricted'] : [])].sort())
    })

    it('reads a restricted record only with restricted.read', async () => {
      expect(await canSee(ctx, orderedChild, 'restricted_record', today)).toBe(row.restricted)
      if (row.restricted) expect((await readRestrictedRecord(ctx, orderedChild)).courtOrders).toHaveLength(1)
      else await expect(readRestrictedRecord(ctx, orderedChild)).rejects.toMatchObject({ code: 'forbidden' })
    })

    it('never has a protected child, or one under a court order, handed on; others are', async () => {
      expect(await canSee(ctx, protectedChild, 'handed_on', today)).toBe(false)
      expect(await canSee(ctx, orderedChild, 'handed_on', today)).toBe(false)
      expect(await canSee(ctx, freeChild, 'handed_on', today)).toBe(true)
      // Before the flag and the order: the order was not yet in force; an open flag counts from the start.
      expect(await canSee(ctx, orderedChild, 'handed_on', '2024-02-01')).toBe(true)
      expect(await canSee(ctx, protectedChild, 'handed_on', '2024-02-01')).toBe(false)
    })

    it('lists a protected child on the office\'s own lists (starters, a class) only with restricted.read', async () => {
      expect(listsRestrictedChildren(ctx, 'office_list')).toBe(row.restricted)
      expect(listsRestrictedChildren(ctx, 'handed_on')).toBe(false)
      expect(await canSee(ctx, protectedChild, 'office_list', today)).toBe(row.restricted)
      expect(await canSee(ctx, orderedChild, 'office_list', today)).toBe(row.restricted)
      expect(await canSee(ctx, freeChild, 'office_list', today)).toBe(true)
    })
  })

  it('switches a module on, read-only and off, the same for every caller', async () => {
    const modes = ['on', 'read_only', 'off'] as const
    for (const mode of modes) {
      await setSchoolModule(school.context, 'admissions', mode)
      const current = await requireSchool(school.database, school.id)
      expect(moduleSwitch(current, 'admissions')).toBe(mode)
      expect(moduleSwitch(current, 'billing')).toBe('on')
      const refused = (work: 'read' | 'write') => {
        try {
          assertModuleOpen(current, 'admissions', work)
          return null
        } catch (error) {
          return (error as { code: string }).code
        }
      }
      expect([refused('read'), refused('write')])
        .toEqual({ on: [null, null], read_only: [null, 'component_off'], off: ['component_off', 'component_off'] }[mode])
    }
  })
})
