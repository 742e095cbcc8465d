import { computed, ref, shallowRef, toValue, watch, type MaybeRefOrGetter } from 'vue'
import { apiErrorOf } from './useApiErrors'

/** A page of a list in the contract's collection envelope. */
export interface Page<Item> { items: Item[], nextCursor: string | null }
/** What a list's fetcher is asked for: the filters as given (a server-side search among them), the page size, and where to continue. */
export type PageQuery<Filters> = Filters & { limit: number, cursor?: string }

export interface PagedListOptions<Filters> {
  /** Items per page; 1 to 1000 on the server, 100 unless given. */
  limit?: MaybeRefOrGetter<number>
  /** Passed through to the server; when they (or the limit) change, the list starts again from its first page. */
  filters?: MaybeRefOrGetter<Filters>
  /** Load the first page at once; on by default (in the browser: see below). */
  immediate?: boolean
}

/** Filters left out of the query: an empty search box means no search, not a search for ''. */
function givenFilters<Filters extends object>(filters: Filters | undefined): Partial<Filters> {
  return Object.fromEntries(Object.entries(filters ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<Filters>
}

/**
 * One page at a time of a cursor-paged `/api/app` list: `next()` follows the server's `nextCursor`,
 * `previous()` goes back through the cursors already seen (the server only pages forward),
 * `refresh()` reloads the page shown. An answer that arrives after a newer request is dropped, so a
 * quick search never shows an older result. The area's composable passes its typed fetcher
 * (`query => $fetch('/api/app/people', { query })`), so this file knows no URL.
 *
 * Lists load in the browser: the server renders the loading state, so the page hydrates without a
 * mismatch and the cursors stay the browser's own.
 */
export function usePagedList<Item, Filters extends object = Record<string, never>>(
  fetchPage: (query: PageQuery<Partial<Filters>>) => Promise<Page<Item>>,
  options: PagedListOptions<Filters> = {}
) {
  const immediate = options.immediate ?? true
  const items = shallowRef<Item[]>([])
  const nextCursor = ref<string | null>(null)
  /** The cursor of each page up to the one shown; the first page has none. */
  const cursors = ref<(string | undefined)[]>([undefined])
  const loading = ref(immediate)
  const error = ref<ReturnType<typeof apiErrorOf> | null>(null)
  const limit = computed(() => toValue(options.limit) ?? 100)
  const cursor = computed(() => cursors.value[cursors.value.length - 1])
  let latest = 0

  async function load() {
    const request = ++latest
    loading.value = true
    error.value = null
    try {
      const query = { ...givenFilters(toValue(options.filters)), limit: limit.value, ...(cursor.value === undefined ? {} : { cursor: cursor.value }) }
      const page = await fetchPage(query)
      if (request !== latest) return
      items.value = page.items
      nextCursor.value = page.nextCursor
    } catch (failure) {
      if (request === latest) error.value = apiErrorOf(failure)
    } finally {
      if (request === latest) loading.value = false
    }
  }

  /** Reloads the page shown (after a write, or to retry after an error). */
  const refresh = () => load()
  /** Back to the first page, as after a new search. */
  function first() {
    cursors.value = [undefined]
    return load()
  }
  async function next() {
    if (nextCursor.value === null) return
    cursors.value = [...cursors.value, nextCursor.value]
    await load()
  }
  async function previous() {
    if (cursors.value.length < 2) return
    cursors.value = cursors.value.slice(0, -1)
    await load()
  }

  // A cursor belongs to the filters it was made with: new filters or a new page size start again.
  watch(() => JSON.stringify([givenFilters(toValue(options.filters)), limit.value]), first)
  if (immediate && import.meta.client !== false) void load()

  return {
    items,
    loading,
    error,
    limit,
    cursor,
    /** 1 for the first page. */
    pageNumber: computed(() => cursors.value.length),
    hasNext: computed(() => nextCursor.value !== null),
    hasPrevious: computed(() => cursors.value.length > 1),
    refresh,
    first,
    next,
    previous
  }
}
