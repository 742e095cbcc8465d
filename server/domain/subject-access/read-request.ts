import type { DomainContext } from '../shared/context'
import { actorLabels } from '../shared/actor-labels'
import { todayInZone } from '../days/clock'
import { assertCapability } from '../access/access'
import { itemsOfRequest } from './review-items'
import { loadSubjectAccessRequest, subjectAccessViews } from './request-view'

/** One request with its clock and the items of its answer the office decides on (kind and id, the decision and why). */
export async function readSubjectAccessRequest(ctx: DomainContext, requestId: string) {
  assertCapability(ctx, 'subject_access.manage')
  const db = ctx.database.db
  const row = await loadSubjectAccessRequest(db, ctx.school.id, requestId)
  const [view] = await subjectAccessViews(db, ctx.school.id, [row], todayInZone(ctx.school.timeZone))
  const items = await itemsOfRequest(db, ctx.school.id, requestId)
  const labels = await actorLabels(db, ctx.school.id, items.map(item => item.decidedBy))
  return {
    ...view!,
    items: items.map(item => ({
      id: item.id, itemKind: item.itemKind, recordId: item.recordId, decision: item.decision, reason: item.reason,
      decidedBy: item.decidedBy && (labels.get(item.decidedBy) ?? item.decidedBy), decidedAt: item.decidedAt
    }))
  }
}
