import { z } from 'zod'
import { defineAppRoute } from '../../../../utils/app-route'
import { personIdParam } from '../../../../../shared/schemas/person-record'
import { preferredLanguageChangeSchema } from '../../../../../shared/schemas/languages'
import { setPreferredLanguage } from '../../../../domain/people/preferred-language'

/** The office records the language an adult reads the portal and the school's mail in; a tag the school does not offer is refused naming the field. */
export default defineAppRoute({
  summary: 'Set a person\'s preferred language', tag: 'People', capability: 'people.manage', rateLimit: 30, module: 'people',
  params: personIdParam, body: preferredLanguageChangeSchema,
  response: z.object({ changed: z.boolean(), preferredLanguage: z.string().nullable() }), errors: ['not_found']
}, ctx => setPreferredLanguage(ctx, ctx.params.id, ctx.body.preferredLanguage))
