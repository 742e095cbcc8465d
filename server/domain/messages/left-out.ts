/** Below this many, the adults a message leaves out are "fewer than 5", never a number: a small audience would name them. */
const leftOutShownFrom = 5

/**
 * How the office is told the adults standing leaves out of a message, before it is sent (the preview)
 * and after (the send's answer, the list of messages, a message's read): one rule for all, since the
 * count is stored with the message and a sent message's number would otherwise tell what its preview
 * held back. Never counted for an audience that names an adult (`adult:<id>`), whose count would say
 * whether that adult is withheld; "fewer than 5" below five, so no audience small enough to point at a
 * family (a club of one child) tells whether one of its adults is withheld. Who and why
 * are never told.
 */
export function leftOutOfAudience(audience: readonly string[], count: number) {
  if (audience.some(group => group.startsWith('adult:'))) return { leftOut: 'not_counted' as const, leftOutCount: null }
  if (count < leftOutShownFrom) return { leftOut: 'fewer_than_5' as const, leftOutCount: null }
  return { leftOut: 'counted' as const, leftOutCount: count }
}
