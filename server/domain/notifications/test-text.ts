import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { schoolTextGateway } from './texts'

/**
 * One text to the number the office types, through the school's gateway as stored, at once: what the
 * gateway answered is the answer (never the secret). Nothing is queued or kept, and no report is asked for.
 */
export async function sendTestText(ctx: Pick<DomainContext, 'database' | 'school'>, to: string) {
  const found = await schoolTextGateway(ctx.database, ctx.school.id, false)
  if (!found) throw domainError('conflict', ['The school has no text gateway yet: save one first.'])
  const outcome = await found.gateway.sendText({ to, text: `Rollbook: a test text from ${ctx.school.name}.`, reference: newId('ndl') })
  return outcome.accepted ? { accepted: true, summary: null } : { accepted: false, summary: outcome.summary }
}
