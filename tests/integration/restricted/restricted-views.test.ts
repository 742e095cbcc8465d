import { beforeAll, describe, expect, it } from 'vitest'
import { accessFor } from '../../../server/domain/access/access'
import { recordCourtOrder } from '../../../server/domain/restricted/court-orders'
import { listRestrictedViews, readRestrictedRecord } from '../../../server/domain/restricted/restricted-record'
import type { DomainContext } from '../../../server/domain/shared/context'
import { newSchool } from '../../support/schools'
import { addPeopleWithSpans } from '../../support/roles-fixtures'

/* Every read of a restricted record is in the activity list (who, which child, when); a refused read is not. */
describe('restricted views', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  let child: string, other: string
  const staff = async (accountId: string, role: string): Promise<DomainContext> =>
    ({ ...school.context, ...await accessFor(school.database, school.school, { kind: 'staff', accountId, role }) })

  beforeAll(async () => {
    school = await newSchool()
    ;[child, other] = await addPeopleWithSpans(school, [
      { familyName: 'Ordered', givenNames: 'Otto', spans: [{ validFrom: '2024-01-29', yearLevel: '3' }] },
      { familyName: 'Other', givenNames: 'Olive', spans: [{ validFrom: '2024-01-29', yearLevel: '3' }] }
    ])
    await recordCourtOrder(school.context, child, { kind: 'parenting_order', validFrom: '2024-01-01' })
  })

  it('records who read which child\'s restricted record and when; a refused read records nothing', async () => {
    const before = new Date().toISOString()
    const admin = await staff('acc_admin', 'admin')
    expect((await readRestrictedRecord(admin, child)).courtOrders).toHaveLength(1)
    await readRestrictedRecord(school.context, other)
    await expect(readRestrictedRecord(await staff('acc_office', 'office'), child)).rejects.toMatchObject({ code: 'forbidden' })

    // Newest first; two reads within one millisecond have no order between them.
    const views = await listRestrictedViews(admin)
    expect(views).toHaveLength(2)
    expect(views).toEqual(expect.arrayContaining([
      { personId: other, viewedBy: 'system:test', viewedAt: expect.any(String) },
      { personId: child, viewedBy: 'staff:acc_admin', viewedAt: expect.any(String) }
    ]))
    expect(views[0]!.viewedAt >= views[1]!.viewedAt).toBe(true)
    expect(views.every(view => view.viewedAt >= before && view.viewedAt <= new Date().toISOString())).toBe(true)
    expect(await listRestrictedViews(admin, { personId: child })).toMatchObject([{ viewedBy: 'staff:acc_admin' }])
  })

  it('shows the list only to a caller holding restricted.read, and only the school\'s own', async () => {
    await expect(listRestrictedViews(await staff('acc_office', 'office'))).rejects.toMatchObject({
      code: 'forbidden', extras: { data: { missingScope: 'restricted.read' } }
    })
    expect(await listRestrictedViews((await newSchool()).context)).toEqual([])
  })
})
