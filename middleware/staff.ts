import { defaultLanguage, staffLanguageCodes } from '~~/shared/languages'
import { loadStaffMessages } from '~~/i18n/staff-messages'

/**
 * Navigation only: without a session the staff screens lead to sign-in, and an account with family access alone to
 * the portal. Every /api/app route checks for itself.
 */
export default defineNuxtRouteMiddleware(async (to) => {
  // A staff screen is written in its page's language (pageLanguage: English until every staff screen is translated),
  // whatever the reader chose for the portal, and so are the parts it shares with the portal (useScreenText). English's
  // messages, the portal's and the staff screens' own, are loaded even when the chosen ones are not.
  const i18n = useNuxtApp().$i18n
  const shown = pageLanguage(to.path, i18n.locale.value).code
  for (const code of staffLanguageCodes.filter(code => code === defaultLanguage || code === shown)) {
    await i18n.loadLocaleMessages(code)
    await loadStaffMessages(i18n, code)
  }
  const { session, refresh } = useStaffSession()
  if (!session.value && !await refresh()) return navigateTo({ path: '/sign-in', query: { next: to.fullPath } })
  if (session.value && !session.value.access.staff && session.value.access.family) return navigateTo('/family')
  if (session.value?.passkeysRequired && session.value.session.passkeyAt === null && to.path !== '/staff/account/passkeys') {
    return navigateTo('/staff/account/passkeys')
  }
})
