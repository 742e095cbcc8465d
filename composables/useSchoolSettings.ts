import type { InternalApi } from 'nitropack/types'
import type { SchoolSettingsChange } from '~~/shared/schemas/school-settings'

/** The school's settings as Settings → School shows them. */
export type SchoolSettings = InternalApi['/api/app/school']['get']

/**
 * Settings → School: read the school's name, time zone, campuses, year levels, lists and what its SIS
 * keeps; `save` sends only the fields a card changes and shows the settings as the server then holds them.
 */
export function useSchoolSettings() {
  const { data, refresh, error } = useFetch('/api/app/school', { key: 'school-settings', headers: useRequestHeaders(['cookie']) })
  const staffSession = useStaffSession()

  async function save(change: SchoolSettingsChange) {
    data.value = await $fetch('/api/app/school', { method: 'PUT', body: change })
    // Every screen writes times and amounts with the session's school clock: a new zone or currency shows at once.
    if (change.timeZone !== undefined || change.currency !== undefined) await staffSession.refresh()
    return data.value
  }
  return { settings: data, error: computed(() => error.value ? apiErrorOf(error.value) : null), refresh, save }
}
