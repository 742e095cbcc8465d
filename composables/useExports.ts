import type { InternalApi } from 'nitropack/types'
import type { ColumnClass } from '~~/shared/vocabulary'

export type ExportSettings = InternalApi['/api/app/exports']['get']
export type ExportFile = ExportSettings['files'][number]
export type ExportColumn = InternalApi['/api/app/exports/columns']['get']['items'][number]

/** The school's export files, tables and retention through /api/app, and the changes an administrator makes to them. */
export function useExports() {
  const { data, refresh, error } = useFetch('/api/app/exports', { key: 'exports', headers: useRequestHeaders(['cookie']) })

  async function setRetention(retentionDays: number) {
    await $fetch('/api/app/exports/retention', { method: 'PUT', body: { retentionDays } })
    await refresh()
  }
  const setColumnClass = (column: string, to: ColumnClass) =>
    $fetch(apiPath('/api/app/exports/columns/:column', { column }), { method: 'PUT', body: { class: to } })

  return {
    files: computed(() => data.value?.files ?? []),
    tables: computed(() => data.value?.tables ?? []),
    retentionDays: computed(() => data.value?.retentionDays ?? null),
    error: computed(() => error.value ? apiErrorOf(error.value).message : null),
    refresh, setRetention, setColumnClass,
    fileUrl: (id: string) => apiPath('/api/app/exports/:id/file', { id })
  }
}

/** One table's export columns with their class at the school, paged on the server. */
export function useExportColumns(table: MaybeRefOrGetter<string | undefined>) {
  return usePagedList<ExportColumn, { table?: string }>(
    query => $fetch('/api/app/exports/columns', { query }), { limit: 50, filters: () => ({ table: toValue(table) }) }
  )
}
