import { z } from 'zod'
import { definePortalRoute } from '../../../utils/portal-route'
import { setLanguageCookie } from '../../../utils/language-cookie'
import { preferredLanguageChangeSchema } from '../../../../shared/schemas/languages'
import { defaultLanguage } from '../../../../shared/languages'
import { setPreferredLanguage } from '../../../domain/people/preferred-language'

/**
 * A signed-in adult chooses the language they read the portal and the school's mail in (null: the
 * school's own), and this browser remembers it in the `rollbook_language` cookie for the screens.
 */
export default definePortalRoute({
  summary: 'Choose the language the adult reads the portal and the school\'s mail in', tag: 'Family portal', rateLimit: 20, module: 'people',
  body: preferredLanguageChangeSchema, response: z.object({ changed: z.boolean(), preferredLanguage: z.string().nullable() }),
  errors: ['preview_read_only']
}, async (ctx) => {
  const answer = await setPreferredLanguage(ctx, ctx.portal.adultId, ctx.body.preferredLanguage)
  setLanguageCookie(ctx.event, answer.preferredLanguage ?? defaultLanguage)
  return answer
})
