import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { consentAskInput, consentPurposeInput, officeAnswerInput } from '~~/shared/schemas/consents'

/** An ask as the office's list answers it, with its tally today. */
export type OfficeConsentAsk = InternalApi['/api/app/consents/asks']['get']['items'][number]
/** A child's line in an ask's answers. */
export type AskAnswerRow = InternalApi['/api/app/consents/asks/:id/answers']['get']['items'][number]
export type ConsentPurposeInput = z.input<typeof consentPurposeInput>
export type ConsentAskInput = z.input<typeof consentAskInput>
export type OfficeAnswerInput = z.input<typeof officeAnswerInput>
export type ClassList = InternalApi['/api/app/consents/asks/:id/class-list']['get']

/**
 * The office's consents: the school's purposes, its asks (paged, newest first), one ask's answers per
 * child (paged on the server), and the writes: a purpose, an ask, closing or cancelling it, a paper
 * form's answer typed in, and a reminder to those who have not answered. Each write answers once the lists are fresh.
 */
export function useConsents(selectedId: Ref<string | null>) {
  const { data: purposes, refresh: refreshPurposes } = useFetch(
    '/api/app/consents/purposes', { key: 'consent-purposes', headers: useRequestHeaders(['cookie']) }
  )
  const asks = reactive(usePagedList<OfficeConsentAsk>(query => $fetch('/api/app/consents/asks', { query }), { limit: 20 }))
  const answers = reactive(usePagedList<AskAnswerRow>(
    query => $fetch(apiPath('/api/app/consents/asks/:id/answers', { id: selectedId.value! }), { query }),
    { limit: 50, immediate: false }
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
  async function changeAsk(id: string, change: { status: 'closed' | 'cancelled' }) {
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
  /** An excursion's class list: the ask's children in the class today, each with their consent. */
  function classList(id: string, classCode: string) {
    return $fetch(apiPath('/api/app/consents/asks/:id/class-list', { id }), { query: { class: classCode } })
  }
  return { purposes, asks, answers, createPurpose, createAsk, changeAsk, recordPaperAnswer, remind, classList }
}
