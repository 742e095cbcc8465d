import type { FeeStatement } from './useFees'

/**
 * A student's fees on their record: the school's published fee schedule versions to choose from, the
 * newest schedule's latest version first (a correction is the one that charges from its day), and the
 * student's statement of the chosen one, read afresh when the choice changes.
 */
export function usePersonFees(personId: MaybeRefOrGetter<string>) {
  const { data: schedules, error: listError, refresh } = useFetch('/api/app/fees/schedules', { key: 'person-fee-schedules', headers: useRequestHeaders(['cookie']) })
  const versions = computed(() => [...(schedules.value?.schedules ?? [])]
    .sort((a, b) => b.startsOn.localeCompare(a.startsOn))
    .flatMap(schedule => schedule.versions.filter(version => version.state === 'published')
      .sort((a, b) => b.number - a.number)
      .map(version => ({ value: version.id, label: `${schedule.name}, version ${version.number}` }))))
  const versionId = ref('')
  watch(versions, (list) => {
    if (!list.some(version => version.value === versionId.value)) versionId.value = list[0]?.value ?? ''
  }, { immediate: true })

  const statement = ref<FeeStatement | null>(null)
  const statementError = ref<unknown>(null)
  let asked = 0
  watch([versionId, () => toValue(personId)], async ([id, studentId]) => {
    const mine = ++asked
    statementError.value = null
    if (!id) return statement.value = null
    try {
      const answer = await $fetch(apiPath('/api/app/fees/versions/:id/statements/:studentId', { id, studentId }))
      if (mine === asked) statement.value = answer
    } catch (error) {
      if (mine !== asked) return
      statement.value = null
      statementError.value = error
    }
  }, { immediate: true })

  return { versions, versionId, statement, error: computed(() => listError.value ?? statementError.value), refresh, loaded: computed(() => !!schedules.value) }
}
