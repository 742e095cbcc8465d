import type { Actor } from './context'

/** Who acted, as a record keeps it: `token:tok_…`, `staff:…` or `system:cli`. */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'token': return `token:${actor.tokenId}`
    case 'staff': return `staff:${actor.accountId}`
    case 'system': return `system:${actor.name}`
  }
}
