import type { InternalApi } from 'nitropack/types'
import { portalMenu, portalSectionPlaces } from '~~/shared/portal-navigation'
import type { PortalSection } from '~~/shared/vocabulary'

/** The portal's front page as its route answers it: the adult, the sections, the children they may see today. */
export type PortalHome = InternalApi['/api/app/portal']['get']

/**
 * The family portal as the signed-in account sees it: the front page's answer (kept for the session
 * of the app, read again after a preview starts or ends), its refusal in words, the menu it opens,
 * and ending a member of staff's preview. Which children and sections are offered is the server's
 * answer, never decided here.
 */
export function usePortal() {
  const home = useState<PortalHome | null>('portal-home', () => null)
  const refusal = useState<{ code: string, message: string } | null>('portal-refusal', () => null)
  const headers = useRequestHeaders(['cookie'])

  async function refresh() {
    try {
      home.value = await $fetch('/api/app/portal', { headers })
      refusal.value = null
    } catch (error) {
      home.value = null
      const { code, message } = apiErrorOf(error)
      refusal.value = { code, message }
    }
    return home.value
  }

  /**
   * The sections the school leaves on, in the server's order. A preview lists the ones it switched off too; a family
   * does not see them, so neither does the menu.
   */
  const on = computed(() => (home.value?.sections ?? []).filter(section => !section.off).map(section => section.name))
  const sections = computed(() => on.value.map(name => ({ name, ...portalSectionPlaces[name] })))
  const isOn = (name: PortalSection) => on.value.includes(name)
  const menu = computed(() => portalMenu(on.value, !!home.value?.preview))

  /** Ends a member of staff's preview and returns them to the adult's record. */
  async function endPreview() {
    const adultId = home.value?.adult.id
    await $fetch('/api/app/portal-preview', { method: 'DELETE' })
    home.value = null
    await navigateTo(adultId ? `/staff/people/${adultId}` : '/staff')
  }

  /**
   * The adult's own language, kept on their record for the school's mail and sent back as this browser's cookie.
   * A preview never writes the adult's record (the server refuses it too), so it changes the screen only.
   */
  async function chooseLanguage(preferredLanguage: string) {
    if (!home.value || home.value.preview) return
    const answer = await $fetch('/api/app/portal/language', { method: 'PUT', body: { preferredLanguage } })
    home.value = { ...home.value, preferredLanguage: answer.preferredLanguage }
  }

  return { home, refusal, refresh, sections, isOn, menu, endPreview, chooseLanguage }
}
