/** Fees: the adult's own part of each child's charges, per schedule and period; never another payer's (the server leaves them out). */
export function usePortalFees() {
  return portalRead(useFetch('/api/app/portal/fees', { key: 'portal-fees', headers: useRequestHeaders(['cookie']) }))
}
