import type { InternalApi } from 'nitropack/types'

export type Club = InternalApi['/api/app/clubs']['get']['items'][number]
export type ClubMember = InternalApi['/api/app/clubs/:name/members']['get']['items'][number]

/**
 * The school's clubs (rowing, choir), which messages and asks name as `activity:<name>`: the clubs
 * with their sizes, one club's children (paged on the server), and putting a child in or taking one
 * out. A club starts with its first child and ends with its last.
 */
export function useClubs(selectedName: Ref<string | null>) {
  const { data: clubs, error, refresh } = useFetch('/api/app/clubs', { key: 'clubs', headers: useRequestHeaders(['cookie']) })
  const members = reactive(usePagedList<ClubMember>(
    query => $fetch(apiPath('/api/app/clubs/:name/members', { name: selectedName.value! }), { query }),
    { limit: 50, immediate: false }
  ))
  watch(selectedName, name => name ? members.first() : undefined)

  async function addMember(name: string, personId: string) {
    const added = await $fetch(apiPath('/api/app/clubs/:name/members', { name }), { method: 'POST', body: { personId } })
    await Promise.all([refresh(), selectedName.value === name ? members.refresh() : undefined])
    return added
  }
  async function removeMember(name: string, personId: string) {
    const removed = await $fetch(apiPath('/api/app/clubs/:name/members/:personId', { name, personId }), { method: 'DELETE' })
    await refresh()
    if (selectedName.value === name) {
      if (removed.memberCount === 0) selectedName.value = null
      else await members.refresh()
    }
    return removed
  }
  return { clubs, error, refresh, members, addMember, removeMember }
}
