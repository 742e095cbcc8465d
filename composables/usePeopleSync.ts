import type { InternalApi } from 'nitropack/types'
import type { syncChangeKinds } from '~~/shared/schemas/imports-settings'

export type SyncRun = InternalApi['/api/app/sync-runs']['get']['items'][number]
export type SyncRunDetail = InternalApi['/api/app/sync-runs/:id']['get']
export type SyncChange = InternalApi['/api/app/sync-runs/:id/changes']['get']['items'][number]
export type SyncChangeKind = typeof syncChangeKinds[number]
export type UnreadableLine = InternalApi['/api/app/sync-runs/:id/unreadable']['get']['items'][number]

/** The school's people sync runs, newest first, a page at a time. */
export function useSyncRuns() {
  return reactive(usePagedList<SyncRun>(query => $fetch('/api/app/sync-runs', { query }), { limit: 20 }))
}

/** While a run is in one of these, the screen asks again each second: the worker moves it on. */
const moving: SyncRun['status'][] = ['queued', 'applying']

/**
 * One run: its detail, asked again every second while it is queued or applying (the progress bar
 * follows the worker's notes), its changes by kind, its unreadable lines, and the steps a person
 * takes: confirm, cancel, revert, each after a recent passkey proof (useStepUp).
 */
export function useSyncRun(runId: MaybeRefOrGetter<string>) {
  const path = () => apiPath('/api/app/sync-runs/:id', { id: toValue(runId) })
  const { data: detail, error, refresh } = useFetch(path, { key: `sync-run-${toValue(runId)}`, headers: useRequestHeaders(['cookie']) })
  const { withStepUp } = useStepUp()
  let timer: ReturnType<typeof setTimeout> | undefined

  function follow() {
    clearTimeout(timer)
    if (detail.value && moving.includes(detail.value.run.status)) timer = setTimeout(() => refresh().then(follow), 1000)
  }
  onMounted(follow)
  watch(() => detail.value?.run.status, follow)
  onBeforeUnmount(() => clearTimeout(timer))

  const changes = (kind: SyncChangeKind) => reactive(usePagedList<SyncChange, { kind: SyncChangeKind, status: string }>(
    ({ status: _, ...query }) => $fetch(apiPath('/api/app/sync-runs/:id/changes', { id: toValue(runId) }), { query: { ...query, kind } }),
    // The status is a filter of the screen's own: when the run settles, the lists load again.
    { limit: 20, filters: () => ({ kind, status: detail.value?.run.status ?? '' }) }
  ))
  const unreadable = reactive(
    usePagedList<UnreadableLine>(query => $fetch(apiPath('/api/app/sync-runs/:id/unreadable', { id: toValue(runId) }), { query }), { limit: 50 })
  )

  async function step(verb: 'confirm' | 'cancel' | 'revert') {
    const id = toValue(runId)
    const action = () => verb === 'confirm'
      ? $fetch(apiPath('/api/app/sync-runs/:id/confirm', { id }), { method: 'POST' })
      : verb === 'cancel'
        ? $fetch(apiPath('/api/app/sync-runs/:id/cancel', { id }), { method: 'POST' })
        : $fetch(apiPath('/api/app/sync-runs/:id/revert', { id }), { method: 'POST' })
    const moved = await withStepUp(action)
    await refresh()
    return moved
  }
  return { detail, error, refresh, changes, unreadable, confirm: () => step('confirm'), cancel: () => step('cancel'), revert: () => step('revert') }
}
