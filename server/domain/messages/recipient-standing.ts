import { showsChild, standingsOfChildren } from '../access/standing'
import type { DomainContext } from '../shared/context'

/**
 * What deciding a recipient needs of its row: the adult, and the children it was reached through as kept (a JSON
 * list; empty or null on rows written before recipients kept them).
 */
export interface RecipientReach { adultId: string, childIds: string | null }

/** The children a recipient row keeps: none for a row written before recipients kept them. */
function keptChildren(row: RecipientReach): string[] {
  if (!row.childIds) return []
  const ids = JSON.parse(row.childIds) as unknown
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

/**
 * Which recipients may still be told of their message on the day: `messages` standing (showsChild, as
 * the audience was reached) on at least one child they were reached through. The one rule for both
 * the portal's Messages (list and read) and the delivery worker, so a message whose child standing
 * has since left is neither mailed nor shown, whether or not the adult has an address.
 *
 * A recipient that keeps no children (written before recipients kept them) is not told: nothing
 * says now on whom to ask standing, and an audience resolved again today is not the one it reached.
 * It is withheld from the worker and from the portal alike (docs/messages.md, "Delivery").
 *
 * All rows' children are decided in one batch (standingsOfChildren): three reads per slice of children.
 */
export async function stillTold(ctx: Pick<DomainContext, 'database' | 'school'>, rows: readonly RecipientReach[], day: string): Promise<boolean[]> {
  const kept = rows.map(keptChildren)
  const childIds = [...new Set(kept.flat())]
  if (childIds.length === 0) return rows.map(() => false)
  const standings = await standingsOfChildren(ctx, childIds, day)
  return rows.map((row, i) => kept[i]!.some(childId =>
    (standings.get(childId) ?? []).some(entry => entry.adultId === row.adultId && showsChild(entry.standing, 'messages'))))
}
