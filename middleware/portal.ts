import { portalPaths } from '~~/shared/portal-navigation'

/**
 * Navigation only: the portal asks its front page once per visit; without a session it leads to
 * sign-in, and an account the server gives no portal identity to the page that says whom to ask.
 * Every /api/app/portal route decides for itself what it answers.
 */
export default defineNuxtRouteMiddleware(async (to) => {
  const { home, refusal, refresh } = usePortal()
  if (!home.value) await refresh()
  if (refusal.value?.code === 'unauthenticated') return navigateTo({ path: '/sign-in', query: { next: to.fullPath } })
  if (refusal.value?.code === 'no_portal_identity') return navigateTo(portalPaths.noAccess)
})
