/** Who pays: each child's charge categories with their payers' shares in per cent, and concessions by kind. */
export function usePortalPayers() {
  return portalRead(useFetch('/api/app/portal/payers', { key: 'portal-payers', headers: useRequestHeaders(['cookie']) }))
}
