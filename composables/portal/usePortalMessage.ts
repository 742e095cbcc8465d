/** One message; reading it records the adult's read (never in a staff preview: the server decides). */
export function usePortalMessage(messageId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(messageId))
  return portalRead(
    useFetch(() => apiPath('/api/app/portal/messages/:id', { id: id.value }), { key: `portal-message-${id.value}`, headers: useRequestHeaders(['cookie']) })
  )
}
