import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { staffAddSchema } from '~~/shared/schemas/staff-settings'

/** A member of staff as the staff list answers them. */
export type StaffMember = InternalApi['/api/app/staff']['get']['items'][number]
export type StaffRole = StaffMember['role']
export type StaffAddInput = z.input<typeof staffAddSchema>

/**
 * The school's staff who sign in: list, add (with the one-time link to send them), change a role, end
 * their sessions, remove their access. Writes that need a recent passkey proof ask for it (useStepUp);
 * each answers undefined when the person closes that prompt.
 */
export function useStaff() {
  const { data, refresh } = useFetch('/api/app/staff', { key: 'staff', headers: useRequestHeaders(['cookie']) })
  const members = computed(() => data.value?.items ?? [])
  const { withStepUp } = useStepUp()

  async function add(input: StaffAddInput) {
    const added = await withStepUp(() => $fetch('/api/app/staff', { method: 'POST', body: input }))
    if (added) await refresh()
    return added
  }
  async function changeRole(id: string, role: StaffRole) {
    try {
      return await withStepUp(() => $fetch(apiPath('/api/app/staff/:id', { id }), { method: 'PATCH', body: { role } }))
    } finally {
      await refresh()
    }
  }
  const endSessions = (id: string) => withStepUp(() => $fetch(apiPath('/api/app/staff/:id/sessions', { id }), { method: 'DELETE' }))
  async function remove(id: string) {
    const removed = await withStepUp(() => $fetch(apiPath('/api/app/staff/:id', { id }), { method: 'DELETE' }))
    if (removed) await refresh()
    return removed
  }
  return { members, refresh, add, changeRole, endSessions, remove }
}
