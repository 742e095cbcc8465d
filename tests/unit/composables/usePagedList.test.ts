import { nextTick, ref } from 'vue'
import { describe, expect, it } from 'vitest'
import { usePagedList, type PageQuery } from '../../../composables/usePagedList'

// No /api/app list is paged yet (tokens and staff answer whole lists), so the composable's state is
// tested here against a fake server: names paged by a cursor that is the index to continue from.
const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus']

function fakeServer() {
  const asked: PageQuery<{ search?: string }>[] = []
  const fetchPage = async (query: PageQuery<{ search?: string }>) => {
    asked.push(query)
    const matching = names.filter(name => !query.search || name.toLowerCase().includes(query.search.toLowerCase()))
    const start = query.cursor ? Number(query.cursor) : 0
    const end = start + query.limit
    return { items: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null }
  }
  return { asked, fetchPage }
}

/** Lets the fake server's answers arrive. */
const settled = () => new Promise(resolve => setTimeout(resolve, 0))

describe('usePagedList', () => {
  it('loads the first page at once, then pages forward and back by the server\'s cursors', async () => {
    const server = fakeServer()
    const list = usePagedList(server.fetchPage, { limit: 3 })
    expect(list.loading.value).toBe(true)
    await settled()
    expect(list.items.value).toEqual(['Ada', 'Ben', 'Cleo'])
    expect([list.loading.value, list.hasPrevious.value, list.hasNext.value, list.pageNumber.value]).toEqual([false, false, true, 1])

    await list.next()
    expect(list.items.value).toEqual(['Dev', 'Eve', 'Finn'])
    await list.next()
    expect(list.items.value).toEqual(['Gus'])
    expect([list.hasNext.value, list.pageNumber.value, list.cursor.value]).toEqual([false, 3, '6'])
    await list.next()
    expect(list.items.value).toEqual(['Gus'])

    await list.previous()
    expect(list.items.value).toEqual(['Dev', 'Eve', 'Finn'])
    await list.previous()
    expect(list.items.value).toEqual(['Ada', 'Ben', 'Cleo'])
    expect(server.asked.map(query => query.cursor)).toEqual([undefined, '3', '6', '3', undefined])
    expect(server.asked.every(query => query.limit === 3)).toBe(true)
  })

  it('passes the search through to the server and starts again from the first page when it changes', async () => {
    const server = fakeServer()
    const filters = ref<{ search?: string }>({})
    const list = usePagedList(server.fetchPage, { limit: 2, filters })
    await settled()
    await list.next()
    expect(list.pageNumber.value).toBe(2)

    filters.value = { search: 'e' }
    await nextTick()
    await settled()
    expect(list.items.value).toEqual(['Ben', 'Cleo'])
    expect(list.pageNumber.value).toBe(1)
    expect(server.asked.at(-1)).toEqual({ search: 'e', limit: 2 })

    // An emptied search box lists everything again, without asking the server for ''.
    filters.value = { search: '' }
    await nextTick()
    await settled()
    expect(server.asked.at(-1)).toEqual({ limit: 2 })
    expect(list.items.value).toEqual(['Ada', 'Ben'])
  })

  it('shows only the answer to the newest request when an older one arrives late', async () => {
    const answers: ((page: { items: string[], nextCursor: string | null }) => void)[] = []
    const filters = ref({ search: 'a' })
    const list = usePagedList(() => new Promise<{ items: string[], nextCursor: string | null }>(resolve => answers.push(resolve)), { filters })
    filters.value = { search: 'ad' }
    await nextTick()
    expect(answers).toHaveLength(2)
    answers[1]!({ items: ['Ada'], nextCursor: null })
    await settled()
    answers[0]!({ items: ['Ada', 'Gus'], nextCursor: 'x' })
    await settled()
    expect([list.items.value, list.hasNext.value, list.loading.value]).toEqual([['Ada'], false, false])
  })

  it('keeps the error envelope\'s message, and refresh tries the same page again', async () => {
    let fail = true
    const asked: (string | undefined)[] = []
    const list = usePagedList(async (query) => {
      asked.push(query.cursor)
      if (fail && query.cursor === 'p2') {
        throw { data: { statusMessage: 'Too Many Requests', data: { code: 'rate_limited', detail: ['At most 60 requests a minute.'] } } }
      }
      return { items: [query.cursor ?? 'p1'], nextCursor: query.cursor ? null : 'p2' }
    })
    await settled()
    await list.next()
    expect(list.error.value).toMatchObject({ code: 'rate_limited', message: 'At most 60 requests a minute.' })
    expect(list.loading.value).toBe(false)

    fail = false
    await list.refresh()
    expect([list.error.value, list.items.value, asked]).toEqual([null, ['p2'], [undefined, 'p2', 'p2']])
  })

  it('waits to be asked when not immediate', async () => {
    const server = fakeServer()
    const list = usePagedList(server.fetchPage, { immediate: false })
    await settled()
    expect([server.asked.length, list.loading.value]).toEqual([0, false])
    await list.refresh()
    expect(list.items.value).toEqual(names)
  })
})
