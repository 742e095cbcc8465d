/**
 * The office's side of an adult's family portal, on their record: their access (the address it signs
 * in, since when, given by whom), inviting them (the link is mailed to them, never shown here), ending
 * it, and previewing the portal as them. Each through its /api/app route; the server decides who may.
 */
export function useFamilyAccess(personId: MaybeRefOrGetter<string>, options: { immediate: MaybeRefOrGetter<boolean> }) {
  const id = computed(() => toValue(personId))
  const person = () => ({ id: id.value })
  const { data, error, refresh } = useFetch(() => apiPath('/api/app/people/:id/family-access', person()), {
    key: `family-access-${id.value}`, headers: useRequestHeaders(['cookie']), immediate: toValue(options.immediate), watch: false
  })
  const access = computed(() => data.value?.access ?? null)

  /** Mails the adult a sign-in link at the address on their record (the server takes no other). */
  async function invite() {
    const answer = await $fetch(apiPath('/api/app/people/:id/family-access', person()), { method: 'POST', body: {} })
    await refresh()
    return answer
  }
  async function end() {
    await $fetch(apiPath('/api/app/people/:id/family-access', person()), { method: 'DELETE' })
    await refresh()
  }
  const { withStepUp } = useStepUp()
  /**
   * Starts the preview on this session and opens the portal, which then answers as this adult, read-only.
   * An adult of a child under restriction needs a passkey proof first, asked for as the restricted record
   * asks; closing the prompt starts nothing.
   */
  async function preview() {
    if (!await withStepUp(() => $fetch(apiPath('/api/app/people/:id/portal-preview', person()), { method: 'POST' }))) return
    usePortal().home.value = null
    await navigateTo('/family')
  }
  return { access, error, refresh, invite, end, preview }
}
