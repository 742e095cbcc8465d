import type { InternalApi } from 'nitropack/types'
import type { DirectoryGroup } from '~~/shared/schemas/people-directory'

/** A person as the directory lists them. */
export type DirectoryPerson = InternalApi['/api/app/people']['get']['items'][number]

/** What the directory is narrowed by; empty values mean no narrowing. */
export interface DirectoryFilters {
  search?: string
  bornOn?: string
  group?: DirectoryGroup
  yearLevel?: string
  campus?: string
}

/**
 * The people directory: one page at a time from the server, searched and narrowed there (a new
 * search or filter starts again from the first page), and the school's year levels and campuses to
 * narrow by.
 */
export function usePeopleDirectory(filters: MaybeRefOrGetter<DirectoryFilters>) {
  const list = reactive(usePagedList<DirectoryPerson, DirectoryFilters>(
    query => $fetch('/api/app/people', { query }),
    { filters, limit: 50 }
  ))
  const { data: choices } = useFetch('/api/app/people/choices', { key: 'people-choices', headers: useRequestHeaders(['cookie']) })
  return { list, choices }
}

/** The first people of the school found by a name as typed (the directory's own search), for a picker. */
export function findPeopleByName(search: string, options: { group?: DirectoryGroup, limit?: number } = {}) {
  return $fetch('/api/app/people', { query: { search, limit: options.limit ?? 10, ...(options.group ? { group: options.group } : {}) } })
}
