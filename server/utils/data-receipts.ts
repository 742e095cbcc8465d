import { getRequestHeader } from 'h3'
import { flushReceipts, noteReceipts } from '../domain/receipts/receipt-buffer'
import { onServerStopping } from './shutdown'
import { todayInZone } from '../domain/days/clock'
import { holdsCapability } from '../domain/access/access'
import { isCapability } from '../domain/access/catalogue'
import { runtimeSettings } from './runtime-settings'
import type { Surface } from './principal'

/** A person's id as every answer writes it (server/domain/shared/ids.ts). */
const personIdPattern = /per_[0-9a-z]{20}/g

/**
 * The people an answer holds data of: every person id in it, whatever field carries it (a person, the
 * person an affiliation or a billing row is about, a roster file's user). Kept answers come back as the
 * same text, so the last few scans are remembered by it.
 */
const scanned = new Map<string, ReadonlySet<string>>()
export function personIdsIn(text: string): ReadonlySet<string> {
  const known = scanned.get(text)
  if (known) return known
  const ids = new Set(text.match(personIdPattern))
  if (scanned.size >= 32) scanned.delete(scanned.keys().next().value!)
  scanned.set(text, ids)
  return ids
}

/**
 * `/api/v1`'s receipts: each answer that holds people's data counts one read of each of them for the
 * token, on the day in the school's zone, under the route's scope and the field scopes the token held.
 * Nothing of the answer is kept but the ids. (docs/receipts.md)
 */
export const countDataReceipts: NonNullable<Surface['answered']> = ({ event, database, principal, scope, fieldScopes, text }) => {
  if (principal.actor.kind !== 'token') return
  if (runtimeSettings.benchReceiptsSwitch && getRequestHeader(event, 'x-rollbook-bench-receipts') === 'off') return
  const ids = personIdsIn(text)
  if (!ids.size) return
  const scopes = [...new Set([scope, ...(fieldScopes ?? []).filter(held => isCapability(held) && holdsCapability(principal, held))].filter(Boolean))].sort()
    .join(' ')
  noteReceipts(database, { schoolId: principal.school.id, tokenId: principal.actor.tokenId, day: todayInZone(principal.school.timeZone), scopes }, ids)
}

// A graceful stop writes the counts still in memory.
onServerStopping(() => flushReceipts())
