/**
 * Who read a person's records through the API (data-access receipts), for their record: per integration,
 * today and in the last 30 days, and each day's rows; the download of every receipt for an administrator.
 */
export function usePersonReceipts(personId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(personId))
  const { data, error, refresh } = useFetch(() => apiPath('/api/app/people/:id/receipts', { id: id.value }), {
    key: `receipts-${id.value}`, headers: useRequestHeaders(['cookie'])
  })
  const downloadUrl = (format: 'json' | 'csv') => `${apiPath('/api/app/people/:id/receipts/download', { id: id.value })}?format=${format}`
  return { receipts: data, error, refresh, downloadUrl }
}
