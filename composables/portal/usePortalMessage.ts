/**
 * One message, in the version the adult reads or, with `original`, the school's original; reading it
 * records the adult's read (never in a staff preview: the server decides).
 */
export function usePortalMessage(messageId: MaybeRefOrGetter<string>, original: MaybeRefOrGetter<boolean> = false) {
  const id = computed(() => toValue(messageId))
  const query = computed(() => toValue(original) ? { original: '1' as const } : {})
  return portalRead(useFetch(() => apiPath('/api/app/portal/messages/:id', { id: id.value }), {
    key: `portal-message-${id.value}`, query, headers: useRequestHeaders(['cookie'])
  }))
}
