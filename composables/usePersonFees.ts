/**
 * A student's fees on their record: the school's published fee schedule versions to choose from, the
 * newest schedule's latest version first (a correction is the one that charges from its day), and the
 * student's statement of the chosen one, read afresh when the choice changes.
 */
export function usePersonFees(personId: MaybeRefOrGetter<string>) {
  const { data: schedules, error: listError, refresh } = useFetch(
    '/api/app/fees/schedules', { key: 'person-fee-schedules', headers: useRequestHeaders(['cookie']) }
  )
  const versions = computed(() => [...(schedules.value?.schedules ?? [])]
    .sort((a, b) => b.startsOn.localeCompare(a.startsOn))
    .flatMap(schedule => schedule.versions.filter(version => version.state === 'published')
      .sort((a, b) => b.number - a.number)
      .map(version => ({ value: version.id, label: `${schedule.name}, version ${version.number}` }))))
  const versionId = ref('')
  watch(versions, (list) => {
    if (!list.some(version => version.value === versionId.value)) versionId.value = list[0]?.value ?? ''
  }, { immediate: true })

  const { data: statement, error: statementError } = useAsyncData(
    () => `person-fee-statement-${toValue(personId)}-${versionId.value}`,
    () => versionId.value
      ? $fetch(apiPath('/api/app/fees/versions/:id/statements/:studentId', { id: versionId.value, studentId: toValue(personId) }))
      : Promise.resolve(null)
  )

  return { versions, versionId, statement, error: computed(() => listError.value ?? statementError.value), refresh, loaded: computed(() => !!schedules.value) }
}
