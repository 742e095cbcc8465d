import type { SessionAnswer } from '~~/shared/schemas/sign-in'

/** The signed-in member of staff and their school, or null; the server decides everything, this only steers navigation and menus. */
export function useStaffSession() {
  const session = useState<SessionAnswer | null>('staff-session', () => null)
  const headers = useRequestHeaders(['cookie'])
  async function refresh() {
    session.value = await $fetch('/api/app/session', { headers }).catch(() => null)
    return session.value
  }
  async function signOut(everywhere = false) {
    await $fetch(everywhere ? '/api/app/sessions' : '/api/app/session', { method: 'DELETE' })
    session.value = null
    await navigateTo('/sign-in')
  }
  /**
   * Moves the session to another of the account's schools, then loads the staff home afresh: nothing the
   * browser holds of the school it left is shown again. Throws the server's refusal.
   */
  async function switchSchool(schoolId: string) {
    await $fetch('/api/app/session/school', { method: 'POST', body: { schoolId } })
    await navigateTo('/staff', { external: true })
  }
  const can = (capability: string) => session.value?.account.capabilities.includes(capability) ?? false
  return { session, refresh, signOut, switchSchool, can }
}
