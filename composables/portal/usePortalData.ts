/** Our data: the integrations that can read the family's records, where the download of everything is, and the answers sent to the adult. */
export function usePortalData() {
  const read = portalRead(useFetch('/api/app/portal/data', { key: 'portal-data', headers: useRequestHeaders(['cookie']) }))
  const downloadUrl = (format: 'json' | 'csv') => `/api/app/portal/data/download?format=${format}`
  const answerUrl = (id: string) => apiPath('/api/app/portal/data/answers/:id', { id })
  return { ...read, downloadUrl, answerUrl }
}
