import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { portalDataCheckCorrectInput } from '~~/shared/schemas/data-checks'

/** The data check as the portal shows it: the open check asking the adult, their details and each child's lists on file. */
export type PortalDataCheck = InternalApi['/api/app/portal/data-check']['get']
export type PortalDataCheckChild = PortalDataCheck['children'][number]

/**
 * The data check (part of Our details, docs/data-check.md): what is on file, confirming it, or sending corrections for the
 * office's queue; each answer reads the check and the front page again, so the front page stops asking once answered.
 */
export function usePortalDataCheck() {
  const read = portalRead(useFetch('/api/app/portal/data-check', { key: 'portal-data-check', headers: useRequestHeaders(['cookie']) }))
  const { refresh: refreshHome } = usePortal()
  async function afterAnswer<T>(answer: T) {
    await Promise.all([read.refresh(), refreshHome()])
    return answer
  }
  const confirm = async (checkId: string) => afterAnswer(await $fetch('/api/app/portal/data-check/confirm', { method: 'POST', body: { checkId } }))
  const correct = async (body: z.input<typeof portalDataCheckCorrectInput>) =>
    afterAnswer(await $fetch('/api/app/portal/data-check/corrections', { method: 'POST', body }))
  return { ...read, confirm, correct }
}
