import { defineAppRoute } from '../../../utils/app-route'
import { bouncedAddressesSchema } from '../../../../shared/schemas/messages'
import { bouncedAddresses } from '../../../domain/messages/send-message'

export default defineAppRoute({
  summary: 'Addresses the mail server refused for good', tag: 'Messages', capability: 'messages.send', rateLimit: 120,
  response: bouncedAddressesSchema
}, ctx => bouncedAddresses(ctx))
