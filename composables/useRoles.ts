import type { InternalApi } from 'nitropack/types'

export type SchoolRole = InternalApi['/api/app/roles']['get']['items'][number]
export type RoleName = SchoolRole['name']

/**
 * Settings → Roles: the built-in roles with the capabilities each holds at the school, and the
 * catalogue's words for each capability. Changing a role needs a recent passkey proof (useStepUp);
 * `setCapabilities` answers undefined when the person closes that prompt.
 */
export function useRoles() {
  const { data, refresh, error } = useFetch('/api/app/roles', { key: 'roles', headers: useRequestHeaders(['cookie']) })
  const roles = computed(() => data.value?.items ?? [])
  const capabilities = computed(() => data.value?.capabilities ?? [])
  const { withStepUp } = useStepUp()

  async function setCapabilities(name: RoleName, granted: string[]) {
    try {
      return await withStepUp(() => $fetch(apiPath('/api/app/roles/:name', { name }), { method: 'PUT', body: { capabilities: granted } }))
    } finally {
      await refresh()
    }
  }
  return { roles, capabilities, error: computed(() => error.value ? apiErrorOf(error.value) : null), refresh, setCapabilities }
}
