import { eq } from 'drizzle-orm'
import { subjectAccessItems, subjectAccessRequests } from '../../../db/schema'
import type { Db } from '../../../db/client'
import type { DomainContext } from '../shared/context'
import { newId } from '../shared/ids'
import { timestampNow } from '../days/clock'
import { assertCapability } from '../access/access'
import { assertRestrictedReadable, insertRestrictedView } from '../restricted/restricted-record'
import { recordActivity } from '../activity/record-activity'
import { assertOpenRequest } from './open-state'
import { loadSubjectAccessRequest, type RequestRow } from './request-view'
import { itemsOfRequest, reviewItemRefs } from './review-items'
import { readSubjectAccessRequest } from './read-request'

/**
 * Adds to the request the items that are about its subject now and not yet listed, undecided; answers how many were new.
 * Reading which restricted records exist is itself a read of them: it needs `restricted.read` (with a recent passkey in
 * a session) and is recorded, as every restricted read is.
 */
export async function gatherNewItems(tx: Db, ctx: DomainContext, row: RequestRow): Promise<number> {
  await assertRestrictedReadable(ctx, row.subjectId)
  const refs = await reviewItemRefs(tx, ctx.school.id, row.subjectId)
  const listed = new Set((await itemsOfRequest(tx, ctx.school.id, row.id)).map(item => `${item.itemKind} ${item.recordId}`))
  const fresh = refs.filter(ref => !listed.has(`${ref.itemKind} ${ref.recordId}`))
  if (fresh.length) {
    await tx.insert(subjectAccessItems).values(fresh.map(ref => ({ id: newId('sai'), schoolId: ctx.school.id, requestId: row.id, ...ref })))
  }
  if (refs.some(ref => ref.itemKind !== 'child_contact')) {
    await insertRestrictedView(tx, ctx, row.subjectId, `Restricted records listed for subject access request ${row.id}`)
  }
  return fresh.length
}

/**
 * Assembles an access request's answer for review: lists each restricted record and third party's details about the
 * subject as an item to decide. Again later, it adds what appeared since; decisions already taken stay.
 */
export async function assembleSubjectAccessAnswer(ctx: DomainContext, requestId: string) {
  assertCapability(ctx, 'subject_access.manage')
  await ctx.database.transaction(async (tx) => {
    const row = await loadSubjectAccessRequest(tx, ctx.school.id, requestId)
    assertOpenRequest(row, ['access'])
    const added = await gatherNewItems(tx, ctx, row)
    await tx.update(subjectAccessRequests).set({ assembledAt: timestampNow() }).where(eq(subjectAccessRequests.id, requestId))
    await recordActivity(tx, ctx, {
      kind: 'subject_access.changed', subjectType: 'subject_access_request', subjectId: requestId,
      summary: `Request ${requestId} assembled: ${added} new item${added === 1 ? '' : 's'} to review`
    })
  })
  return readSubjectAccessRequest(ctx, requestId)
}
