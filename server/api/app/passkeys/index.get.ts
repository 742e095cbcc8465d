import { defineAppRoute } from '../../../utils/app-route'
import { passkeyListSchema } from '../../../../shared/schemas/sign-in'
import { listPasskeys } from '../../../domain/accounts/passkeys'

export default defineAppRoute({
  summary: 'Your passkeys', tag: 'Passkeys', rateLimit: 60, beforePasskey: true, response: passkeyListSchema
}, async ctx => ({ items: await listPasskeys(ctx) }))
