import { defineAppRoute } from '../../../utils/app-route'
import { passkeyChangeRequestOf } from '../../../utils/app-session'
import { z } from 'zod'
import { removedSchema } from '../../../../shared/schemas/sign-in'
import { recordId } from '../../../../shared/schemas/common'
import { removePasskey } from '../../../domain/accounts/passkeys'

export default defineAppRoute({
  summary: 'Remove one of your passkeys', tag: 'Passkeys', rateLimit: 30, beforePasskey: true,
  params: z.strictObject({ id: recordId('pky') }), response: removedSchema
}, ctx => removePasskey(ctx, ctx.params.id, passkeyChangeRequestOf(ctx.event)))
