import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { HrisMappingInput } from '~~/shared/schemas/imports'
import type { hrisPreviewInputSchema } from '~~/shared/schemas/imports-settings'

/** A sample export as the server read it: its columns and first lines. */
export type HrisSample = InternalApi['/api/app/hris/sample']['post']
/** A line of the sample as a mapping being made reads it, field by field. */
export type HrisPreviewLine = InternalApi['/api/app/hris/preview']['post']['items'][number]
export type HrisMapping = InternalApi['/api/app/hris/mappings']['get']['items'][number]
export type StaffImportListing = InternalApi['/api/app/hris/imports']['get']['items'][number]
export type StaffImportProblem = InternalApi['/api/app/hris/imports/:id/problems']['get']['items'][number]
export type HrisPreviewInput = z.input<typeof hrisPreviewInputSchema>

/**
 * The HRIS export screen: read a sample export, preview a mapping over its first lines (the
 * import's own reading, on the server), save the mapping, and page through past staff imports and
 * each one's problems.
 */
export function useHrisImport() {
  const { data, refresh: refreshMappings } = useFetch('/api/app/hris/mappings', { key: 'hris-mappings', headers: useRequestHeaders(['cookie']) })
  const mappings = computed(() => data.value?.items ?? [])
  const imports = reactive(usePagedList<StaffImportListing>(query => $fetch('/api/app/hris/imports', { query }), { limit: 10 }))

  const readSample = (csv: string) => $fetch('/api/app/hris/sample', { method: 'POST', body: { csv } })
  const preview = (input: HrisPreviewInput) => $fetch('/api/app/hris/preview', { method: 'POST', body: input })
  async function saveMapping(input: HrisMappingInput) {
    const saved = await $fetch('/api/app/hris/mappings', { method: 'POST', body: input })
    await refreshMappings()
    return saved
  }
  /** The problems of one import, a page at a time; loaded once an import is chosen. */
  const problemsOf = (importId: MaybeRefOrGetter<string>) => reactive(usePagedList<StaffImportProblem, { id: string }>(
    ({ id: _, ...query }) => $fetch(apiPath('/api/app/hris/imports/:id/problems', { id: toValue(importId) }), { query }),
    { limit: 20, filters: () => ({ id: toValue(importId) }), immediate: false }
  ))
  return { mappings, imports, readSample, preview, saveMapping, problemsOf }
}
