import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { portalAnswerInput } from '~~/shared/schemas/consents'

/** An ask for a child on the portal's Consents, with the adult's answer and its history. */
export type PortalConsent = InternalApi['/api/app/portal/consents']['get']['items'][number]

/** Consents: the asks for the children, with the adult's answer and its history; and answering one (yes, no, or withdrawing a standing consent). */
export function usePortalConsents() {
  const read = portalRead(useFetch('/api/app/portal/consents', { key: 'portal-consents', headers: useRequestHeaders(['cookie']) }))
  async function answer(body: z.input<typeof portalAnswerInput>) {
    const answered = await $fetch('/api/app/portal/consents/answers', { method: 'POST', body })
    await read.refresh()
    return answered
  }
  return { ...read, answer }
}
