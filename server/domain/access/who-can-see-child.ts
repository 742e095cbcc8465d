import type { DomainContext } from '../shared/context'
import { recordRestrictedView } from '../restricted/restricted-record'
import { standingsOnChild } from './standing'

/** The office's "who can see this child" on a day: the standings, for a caller the restricted record is open to, the read recorded first. */
export async function whoCanSeeChild(ctx: DomainContext, childId: string, day: string) {
  await recordRestrictedView(ctx, childId, `Viewed who can see person ${childId} on ${day}`)
  return standingsOnChild(ctx, childId, day)
}
