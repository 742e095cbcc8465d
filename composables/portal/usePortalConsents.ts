import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { portalAnswerInput } from '~~/shared/schemas/consents'

/** An ask for a child on the portal's Consents, with the adult's answer and its history. */
export type PortalConsent = InternalApi['/api/app/portal/consents']['get']['items'][number]

/**
 * Consents: the asks for the children, with the adult's answer and its history; answering one (yes, no, or withdrawing
 * a standing consent; with the form's answers and a signature where the ask has them), and a signed answer's receipt.
 */
export function usePortalConsents() {
  const read = portalRead(useFetch('/api/app/portal/consents', { key: 'portal-consents', headers: useRequestHeaders(['cookie']) }))
  async function answer(body: z.input<typeof portalAnswerInput>) {
    try {
      const answered = await $fetch('/api/app/portal/consents/answers', { method: 'POST', body })
      await read.refresh()
      return answered
    } catch (error) {
      // The ask's words changed since the page read them (`conflict`): read them again, so what is signed next is what is shown.
      if (apiErrorOf(error).code === 'conflict') await read.refresh()
      throw error
    }
  }
  /** The PDF receipt of a signed answer, downloaded from the route itself. */
  const receiptUrl = (answerId: string) => apiPath('/api/app/portal/consents/answers/:id/receipt', { id: answerId })
  return { ...read, answer, receiptUrl }
}
