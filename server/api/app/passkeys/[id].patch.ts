import { defineAppRoute } from '../../../utils/app-route'
import { staffSessionOf } from '../../../utils/app-session'
import { z } from 'zod'
import { passkeyRenameSchema, passkeySchema } from '../../../../shared/schemas/sign-in'
import { recordId } from '../../../../shared/schemas/common'
import { renamePasskey } from '../../../domain/staff/passkeys'

export default defineAppRoute({
  summary: 'Rename one of your passkeys', tag: 'Passkeys', rateLimit: 30, beforePasskey: true,
  params: z.strictObject({ id: recordId('pky') }), body: passkeyRenameSchema, response: passkeySchema
}, ctx => renamePasskey(ctx.database, staffSessionOf(ctx.event).account.id, ctx.params.id, ctx.body.name))
