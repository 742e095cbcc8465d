import { describe, expect, it } from 'vitest'
import { DemoBatch } from '../../../../../../server/domain/setup/demo/demo-batch'
import { personRow } from '../../../../../../server/domain/people/person-record'
import { affiliationRow } from '../../../../../../server/domain/affiliations/open-affiliation'

const now = '2026-03-02T01:02:03.004Z'
const withoutId = <T extends { id: string }>({ id: _, ...row }: T) => row

describe('the demo batch', () => {
  it('builds people with the domain\'s person rows, a deleted one included', () => {
    const batch = new DemoBatch('sch_demo', now)
    batch.person('Ngata', 'Aroha', { email: 'aroha@example.org', dateOfBirth: '2015-04-01' })
    batch.person('Smith', 'Jack', { deletedAt: now })
    const [carer, deleted] = batch.people
    expect(withoutId(carer!))
      .toEqual(withoutId(personRow('sch_demo', { familyName: 'Ngata', givenNames: 'Aroha', email: 'aroha@example.org', dateOfBirth: '2015-04-01' }, now)))
    expect(withoutId(deleted!)).toEqual({ ...withoutId(personRow('sch_demo', { familyName: 'Smith', givenNames: 'Jack' }, now)), deletedAt: now })
    expect(carer!.id).toMatch(/^per_/)
  })

  it('builds spans with the domain\'s affiliation rows', () => {
    const batch = new DemoBatch('sch_demo', now)
    const spanId = batch.span('per_1', 'student', '2025-01-28', null, { yearLevel: '3', campusId: 'cmp_1' })
    expect(batch.affiliations[0]!.id).toBe(spanId)
    expect(withoutId(batch.affiliations[0]!))
      .toEqual(withoutId(affiliationRow('sch_demo', { personId: 'per_1', kind: 'student', validFrom: '2025-01-28', yearLevel: '3', campusId: 'cmp_1' }, now)))
  })
})
