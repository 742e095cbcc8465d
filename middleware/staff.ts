/** Navigation only: without a session the staff screens lead to sign-in. Every /api/app route checks for itself. */
export default defineNuxtRouteMiddleware(async (to) => {
  const { session, refresh } = useStaffSession()
  if (!session.value && !await refresh()) return navigateTo({ path: '/sign-in', query: { next: to.fullPath } })
  if (session.value?.passkeysRequired && session.value.session.passkeyAt === null && to.path !== '/staff/account/passkeys') {
    return navigateTo('/staff/account/passkeys')
  }
})
