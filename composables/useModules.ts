import type { InternalApi } from 'nitropack/types'

export type SchoolModule = InternalApi['/api/app/modules']['get']['items'][number]
export type ModuleName = SchoolModule['name']
export type ModuleMode = SchoolModule['mode']

/** Settings → Modules: each part of the service on, read-only or off; a switch takes effect with the next request. */
export function useModules() {
  const { data, refresh, error } = useFetch('/api/app/modules', { key: 'modules', headers: useRequestHeaders(['cookie']) })
  const modules = computed(() => data.value?.items ?? [])

  async function setMode(name: ModuleName, mode: ModuleMode) {
    try {
      return await $fetch(apiPath('/api/app/modules/:name', { name }), { method: 'PUT', body: { mode } })
    } finally {
      await refresh()
    }
  }
  return { modules, error: computed(() => error.value ? apiErrorOf(error.value) : null), refresh, setMode }
}
