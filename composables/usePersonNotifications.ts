/** How an adult is reached, for their record: channels, their choices and what no longer reaches them (read-only). */
export function usePersonNotifications(personId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(personId))
  const { data, error, refresh } = useFetch(() => apiPath('/api/app/people/:id/notifications', { id: id.value }), {
    key: `notifications-${id.value}`, headers: useRequestHeaders(['cookie'])
  })
  return { notifications: data, error, refresh }
}
