import type { InternalApi } from 'nitropack/types'
import type { LegalHoldInput } from '~~/shared/schemas/retention'
import type { RetentionRecordClass } from '~~/shared/vocabulary'

export type RetentionDueSummary = InternalApi['/api/app/retention/due']['get']
export type RetentionDueRecord = InternalApi['/api/app/retention/due/records']['get']['items'][number]
export type LegalHold = NonNullable<RetentionDueSummary['holds']>[number]
export interface RetentionDueFilters { recordClass?: RetentionRecordClass, q?: string }

/**
 * Settings → Data retention → Due (docs/retention.md, "The sweep"): the counts per class every member of staff sees;
 * for those who manage retention, the records past their period (paged and searched on the server, names read live)
 * and the holds in force. Placing or releasing a hold, or marking a restricted record reviewed, reloads both.
 */
export function useRetentionDue(filters: MaybeRefOrGetter<RetentionDueFilters>, manages: MaybeRefOrGetter<boolean>) {
  const summary = useFetch('/api/app/retention/due', { key: 'retention-due', headers: useRequestHeaders(['cookie']) })
  const list = usePagedList<RetentionDueRecord, RetentionDueFilters>(
    query => $fetch('/api/app/retention/due/records', { query }), { filters, limit: 25, immediate: toValue(manages) }
  )
  const refreshAll = () => Promise.all([summary.refresh(), toValue(manages) ? list.refresh() : undefined])
  async function placeHold(input: LegalHoldInput) {
    const placed = await $fetch('/api/app/retention/holds', { method: 'POST', body: input })
    await refreshAll()
    return placed
  }
  async function releaseHold(id: string) {
    const released = await $fetch(apiPath('/api/app/retention/holds/:id/release', { id }), { method: 'POST' })
    await refreshAll()
    return released
  }
  async function markReviewed(row: Pick<RetentionDueRecord, 'subjectKind' | 'subjectId'>) {
    const reviewed = await $fetch('/api/app/retention/due/reviews', {
      method: 'POST', body: { subjectKind: row.subjectKind as 'protection_flag' | 'court_order', subjectId: row.subjectId }
    })
    await refreshAll()
    return reviewed
  }
  return {
    counts: computed(() => summary.data.value?.counts ?? []),
    holds: computed(() => summary.data.value?.holds ?? []),
    error: computed(() => summary.error.value ? apiErrorOf(summary.error.value) : null),
    refresh: summary.refresh,
    list, placeHold, releaseHold, markReviewed
  }
}
