import type { InternalApi } from 'nitropack/types'

/** A period of the adult's own statement for a child: its categories, their share of each, and their part in all. */
export type PortalFeePeriod = InternalApi['/api/app/portal/fees']['get']['children'][number]['schedules'][number]['periods'][number]

/** Fees: the adult's own part of each child's charges, per schedule and period; never another payer's (the server leaves them out). */
export function usePortalFees() {
  return portalRead(useFetch('/api/app/portal/fees', { key: 'portal-fees', headers: useRequestHeaders(['cookie']) }))
}
