import { defineAppRoute } from '../../../utils/app-route'
import { z } from 'zod'
import { passkeyRenameSchema, passkeySchema } from '../../../../shared/schemas/sign-in'
import { recordId } from '../../../../shared/schemas/common'
import { renamePasskey } from '../../../domain/accounts/passkeys'

export default defineAppRoute({
  summary: 'Rename one of your passkeys', tag: 'Passkeys', rateLimit: 30, beforePasskey: true,
  params: z.strictObject({ id: recordId('pky') }), body: passkeyRenameSchema, response: passkeySchema
}, ctx => renamePasskey(ctx, ctx.params.id, ctx.body.name))
