import type { InternalApi } from 'nitropack/types'

type StartersAnswer = InternalApi['/api/app/starters']['get']
/** A starter with their adults and whether their campus waits on an SIS code, as the screen shows one child a block. */
export type StarterBlock = StartersAnswer['items'][number] & { adults: StartersAnswer['adults'], waiting: boolean }

/**
 * The starters in a window of days, paged on the server: each child with the adults sent for them
 * and whether their campus still needs an SIS code. Which children are listed (and marked) is the
 * server's decision.
 */
export function useStarters(days: Ref<{ from?: string, to?: string }>) {
  return reactive(usePagedList<StarterBlock, { from?: string, to?: string }>(
    async (query) => {
      const page = await $fetch('/api/app/starters', { query })
      return {
        items: page.items.map(child => ({
          ...child,
          adults: page.adults.filter(adult => adult.childIds.includes(child.personId)),
          waiting: page.waiting.some(waiting => waiting.applicationId === child.applicationId)
        })),
        nextCursor: page.nextCursor
      }
    },
    { limit: 50, filters: () => days.value }
  ))
}
