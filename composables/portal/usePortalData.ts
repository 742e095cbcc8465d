/** Our data: the integrations that can read the family's records, and where the download of everything is. */
export function usePortalData() {
  const read = portalRead(useFetch('/api/app/portal/data', { key: 'portal-data', headers: useRequestHeaders(['cookie']) }))
  const downloadUrl = (format: 'json' | 'csv') => `/api/app/portal/data/download?format=${format}`
  return { ...read, downloadUrl }
}
