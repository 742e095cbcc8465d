import type { InternalApi } from 'nitropack/types'
import type { FeeDraftInput } from '~~/shared/schemas/fees'

/** The school's schedules with their versions, as the office's list answers them. */
export type FeeScheduleList = InternalApi['/api/app/fees/schedules']['get']
/** One version with its periods, lines and concession rules. */
export type FeeVersion = InternalApi['/api/app/fees/versions/:id']['get']
/** A student's statement for each period of a version. */
export type FeeStatement = InternalApi['/api/app/fees/versions/:id/statements/:studentId']['get']

/**
 * The office's fee schedules: the list with each schedule's versions, the version chosen (read afresh
 * when the choice changes), and start, edit, publish, discard and correct, each answering once the list
 * and the version are fresh; and a student's statement for the chosen version.
 */
export function useFees(versionId: Ref<string | null>) {
  const { data: schedules, refresh: refreshSchedules, error: listError } = useFetch(
    '/api/app/fees/schedules', { key: 'fee-schedules', headers: useRequestHeaders(['cookie']) }
  )
  const version = ref<FeeVersion | null>(null)
  const versionError = ref('')

  async function loadVersion() {
    versionError.value = ''
    if (!versionId.value) {
      version.value = null
      return
    }
    try {
      version.value = await $fetch(apiPath('/api/app/fees/versions/:id', { id: versionId.value }))
    } catch (error) {
      version.value = null
      versionError.value = apiErrorOf(error).message
    }
  }
  watch(versionId, loadVersion, { immediate: true })

  async function settle(next: FeeVersion | null) {
    await refreshSchedules()
    if (next && next.id !== versionId.value) versionId.value = next.id
    else await loadVersion()
  }

  async function createSchedule(input: { name: string, startsOn: string, endsOn: string }) {
    const created = await $fetch('/api/app/fees/schedules', { method: 'POST', body: input })
    await refreshSchedules()
    versionId.value = created.versionId
  }
  async function saveDraft(id: string, input: FeeDraftInput) {
    await settle(await $fetch(apiPath('/api/app/fees/versions/:id', { id }), { method: 'PUT', body: input }))
  }
  async function publish(id: string) {
    await settle(await $fetch(apiPath('/api/app/fees/versions/:id/publish', { id }), { method: 'POST' }))
  }
  async function discard(id: string) {
    await $fetch(apiPath('/api/app/fees/versions/:id', { id }), { method: 'DELETE' })
    versionId.value = null
    await refreshSchedules()
  }
  async function correct(id: string, appliesFrom: string) {
    await settle(await $fetch(apiPath('/api/app/fees/versions/:id/corrections', { id }), { method: 'POST', body: { appliesFrom } }))
  }
  function statement(id: string, studentId: string) {
    return $fetch(apiPath('/api/app/fees/versions/:id/statements/:studentId', { id, studentId }))
  }
  return { schedules, listError, refreshSchedules, version, versionError, createSchedule, saveDraft, publish, discard, correct, statement }
}
