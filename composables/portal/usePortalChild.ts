/** A child on the Children page: names, year level, campus, the school's key dates. */
export function usePortalChild(childId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(childId))
  return portalRead(
    useFetch(() => apiPath('/api/app/portal/children/:id', { id: id.value }), { key: `portal-child-${id.value}`, headers: useRequestHeaders(['cookie']) })
  )
}
