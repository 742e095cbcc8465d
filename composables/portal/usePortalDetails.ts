import type { DetailRequestInput } from '~~/shared/schemas/detail-requests'

/** Our details: the adult's own names and contact, what the school keeps elsewhere, their requests; and asking for a change. */
export function usePortalDetails() {
  const read = portalRead(useFetch('/api/app/portal/details', { key: 'portal-details', headers: useRequestHeaders(['cookie']) }))
  async function askChange(body: DetailRequestInput) {
    const answer = await $fetch('/api/app/portal/details/requests', { method: 'POST', body })
    await read.refresh()
    return answer
  }
  return { ...read, askChange }
}
