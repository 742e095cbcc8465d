import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { consentAskChangeInput, consentAskInput, consentPurposeInput, officeAnswerInput } from '~~/shared/schemas/consents'

/** An ask as the office's list answers it, with its tally today. */
export type OfficeConsentAsk = InternalApi['/api/app/consents/asks']['get']['items'][number]
/** A child's line in an ask's answers. */
export type AskAnswerRow = InternalApi['/api/app/consents/asks/:id/answers']['get']['items'][number]
/** A signed answer as the office reads it: the signature kept and the form's answers with their labels. */
export type ConsentAnswerDetail = InternalApi['/api/app/consents/answers/:id']['get']
/** An ask's reminders, scheduled and sent by the office. */
export type AskReminders = InternalApi['/api/app/consents/asks/:id/reminders']['get']
export type ConsentPurposeInput = z.input<typeof consentPurposeInput>
export type ConsentAskInput = z.input<typeof consentAskInput>
export type ConsentAskChange = z.input<typeof consentAskChangeInput>
export type OfficeAnswerInput = z.input<typeof officeAnswerInput>
export type ClassList = InternalApi['/api/app/consents/asks/:id/class-list']['get']

/**
 * The office's consents: the school's purposes, its asks (paged, newest first), one ask's answers per
 * child (paged on the server, all or only those still to sign), and the writes: a purpose, an ask, closing, cancelling
 * or rewording it while unsigned, a paper form's answer typed in, and a reminder to those who have not answered. Each
 * write answers once the lists are fresh. A signed answer's detail, its receipt and the check of a receipt's hash.
 */
export function useConsents(selectedId: Ref<string | null>) {
  const { data: purposes, refresh: refreshPurposes } = useFetch(
    '/api/app/consents/purposes', { key: 'consent-purposes', headers: useRequestHeaders(['cookie']) }
  )
  const asks = reactive(usePagedList<OfficeConsentAsk>(query => $fetch('/api/app/consents/asks', { query }), { limit: 20 }))
  /** Only the children someone is still to sign for (`waiting=true`). */
  const waitingOnly = ref(false)
  const answers = reactive(usePagedList<AskAnswerRow, { waiting?: 'true' }>(
    query => $fetch(apiPath('/api/app/consents/asks/:id/answers', { id: selectedId.value! }), { query }),
    { limit: 50, immediate: false, filters: () => ({ waiting: waitingOnly.value ? 'true' as const : undefined }) }
  ))
  watch(selectedId, id => id ? answers.first() : undefined)

  async function createPurpose(input: ConsentPurposeInput) {
    await $fetch('/api/app/consents/purposes', { method: 'POST', body: input })
    await refreshPurposes()
  }
  async function createAsk(input: ConsentAskInput) {
    const created = await $fetch('/api/app/consents/asks', { method: 'POST', body: input })
    await asks.refresh()
    return created
  }
  /** Closes or cancels an ask, moves its closing day, or rewords it (text, questions, reminders: `conflict` once an answer is signed). */
  async function changeAsk(id: string, change: ConsentAskChange) {
    await $fetch(apiPath('/api/app/consents/asks/:id', { id }), { method: 'PATCH', body: change })
    await Promise.all([asks.refresh(), selectedId.value === id ? answers.refresh() : undefined])
  }
  async function recordPaperAnswer(id: string, input: OfficeAnswerInput) {
    await $fetch(apiPath('/api/app/consents/asks/:id/answers', { id }), { method: 'POST', body: input })
    await Promise.all([asks.refresh(), answers.refresh()])
  }
  function remind(id: string) {
    return $fetch(apiPath('/api/app/consents/asks/:id/reminders', { id }), { method: 'POST', body: {} })
  }
  /** The reminders an ask has had: each scheduled one sent and each sent by the office, with how many adults it reached. */
  function reminders(id: string) {
    return $fetch(apiPath('/api/app/consents/asks/:id/reminders', { id }))
  }
  /** An excursion's class list: the ask's children in the class today, each with their consent. */
  function classList(id: string, classCode: string) {
    return $fetch(apiPath('/api/app/consents/asks/:id/class-list', { id }), { query: { class: classCode } })
  }
  function answerDetail(id: string) {
    return $fetch(apiPath('/api/app/consents/answers/:id', { id }))
  }
  /** The signed answer's receipt (a PDF), downloaded from the route itself. */
  const receiptUrl = (id: string) => apiPath('/api/app/consents/answers/:id/receipt', { id })
  /** Whether a hash read off a receipt is the one kept with the answer. */
  function checkReceipt(id: string, hash: string) {
    return $fetch(apiPath('/api/app/consents/answers/:id/check', { id }), { method: 'POST', body: { hash } })
  }
  return {
    purposes, asks, answers, waitingOnly, createPurpose, createAsk, changeAsk, recordPaperAnswer, remind, reminders, classList, answerDetail,
    receiptUrl, checkReceipt
  }
}
