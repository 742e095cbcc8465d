import type { InternalApi } from 'nitropack/types'

export type ActivityGroup = InternalApi['/api/app/messages/activities']['get']['items'][number]
export type ActivityMember = InternalApi['/api/app/messages/activities/:name/members']['get']['items'][number]

/**
 * The school's activity groups (rowing, choir), which messages and asks name as `activity:<name>`:
 * the groups with their sizes, one group's children (paged on the server), and putting a child in or
 * taking one out. A group starts with its first child and ends with its last.
 */
export function useActivityGroups(selectedName: Ref<string | null>) {
  const { data: groups, error, refresh } = useFetch('/api/app/messages/activities', { key: 'activity-groups', headers: useRequestHeaders(['cookie']) })
  const members = reactive(usePagedList<ActivityMember>(
    query => $fetch(apiPath('/api/app/messages/activities/:name/members', { name: selectedName.value! }), { query }),
    { limit: 50, immediate: false }
  ))
  watch(selectedName, name => name ? members.first() : undefined)

  async function addMember(name: string, personId: string) {
    const added = await $fetch(apiPath('/api/app/messages/activities/:name/members', { name }), { method: 'POST', body: { personId } })
    await Promise.all([refresh(), selectedName.value === name ? members.refresh() : undefined])
    return added
  }
  async function removeMember(name: string, personId: string) {
    const removed = await $fetch(apiPath('/api/app/messages/activities/:name/members/:personId', { name, personId }), { method: 'DELETE' })
    await refresh()
    if (selectedName.value === name) {
      if (removed.memberCount === 0) selectedName.value = null
      else await members.refresh()
    }
    return removed
  }
  return { groups, error, refresh, members, addMember, removeMember }
}
