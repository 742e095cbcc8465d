import { defaultLanguage } from '~~/shared/languages'

/**
 * Navigation only: without a session the staff screens lead to sign-in, and an account with family access alone to
 * the portal. Every /api/app route checks for itself.
 */
export default defineNuxtRouteMiddleware(async (to) => {
  // A staff screen is written in English (useReaderLanguage) whatever the reader chose for the portal, and so are the
  // parts it shares with the portal (useScreenText): English's messages are loaded even when the chosen ones are not.
  await useNuxtApp().$i18n.loadLocaleMessages(defaultLanguage)
  const { session, refresh } = useStaffSession()
  if (!session.value && !await refresh()) return navigateTo({ path: '/sign-in', query: { next: to.fullPath } })
  if (session.value && !session.value.access.staff && session.value.access.family) return navigateTo('/family')
  if (session.value?.passkeysRequired && session.value.session.passkeyAt === null && to.path !== '/staff/account/passkeys') {
    return navigateTo('/staff/account/passkeys')
  }
})
