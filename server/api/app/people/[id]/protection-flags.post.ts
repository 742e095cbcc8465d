import { defineAppRoute } from '../../../../utils/app-route'
import { refusedBeside } from '../../../../utils/refusal-beside'
import { personIdParam, protectionFlagBody, writtenSchema } from '../../../../../shared/schemas/person-record'
import { recordProtectionFlag } from '../../../../domain/restricted/protection-flags'

/** Sets a protection flag on a child: `restricted.read` with a recent passkey proof; recorded in Activity. */
export default defineAppRoute({
  summary: 'Set a protection flag', tag: 'People', capability: 'restricted.read', stepUp: true, rateLimit: 30, module: 'people', status: 201,
  params: personIdParam, body: protectionFlagBody, response: writtenSchema, errors: ['not_found', 'step_up_required', 'unprocessable']
}, async ctx => ({
  id: await refusedBeside('validFrom', () => recordProtectionFlag(
    ctx, ctx.params.id, { kind: ctx.body.kind, validFrom: ctx.body.validFrom, note: ctx.body.note || null, safeAdultIds: ctx.body.safeAdultIds }
  ))
}))
