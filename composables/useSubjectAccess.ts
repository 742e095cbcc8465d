import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type {
  subjectAccessCorrectionInput, subjectAccessDecideInput, subjectAccessExtendInput, subjectAccessLogInput
} from '~~/shared/schemas/subject-access'
import type {
  SubjectAccessChannel, SubjectAccessDecision, SubjectAccessItemKind, SubjectAccessKind, SubjectAccessState
} from '~~/shared/vocabulary'

/** A request as the office's list answers it, with its clock today. */
export type SubjectAccessRow = InternalApi['/api/app/subject-access']['get']['items'][number]
/** A request with the items of its answer the office decides on. */
export type SubjectAccessDetail = InternalApi['/api/app/subject-access/:id']['get']
export type SubjectAccessItem = SubjectAccessDetail['items'][number]
export type SubjectAccessLogInput = z.input<typeof subjectAccessLogInput>
export type SubjectAccessExtendInput = z.input<typeof subjectAccessExtendInput>
export type SubjectAccessDecideInput = z.input<typeof subjectAccessDecideInput>
export type SubjectAccessCorrectionInput = z.input<typeof subjectAccessCorrectionInput>

/** A request's kind, state, item kind and decision, and its clock, in the page's words. */
export function useSubjectAccessWords() {
  const { t } = useScreenText()
  const kinds = computed<Record<SubjectAccessKind, string>>(() => ({
    access: t('staff.subjectAccess.kinds.access'),
    erasure: t('staff.subjectAccess.kinds.erasure'),
    rectification: t('staff.subjectAccess.kinds.rectification'),
    restriction: t('staff.subjectAccess.kinds.restriction')
  }))
  const states = computed<Record<SubjectAccessState, string>>(() => ({
    open: t('staff.subjectAccess.states.open'), done: t('staff.subjectAccess.states.done'), refused: t('staff.subjectAccess.states.refused')
  }))
  const itemKinds = computed<Record<SubjectAccessItemKind, string>>(() => ({
    protection_flag: t('staff.subjectAccess.itemKinds.protectionFlag'),
    court_order: t('staff.subjectAccess.itemKinds.courtOrder'),
    exit_reason: t('staff.subjectAccess.itemKinds.exitReason'),
    child_contact: t('staff.subjectAccess.itemKinds.childContact')
  }))
  const decisions = computed<Record<SubjectAccessDecision, string>>(() => ({
    include: t('staff.subjectAccess.decisions.include'),
    redact: t('staff.subjectAccess.decisions.redact'),
    withhold: t('staff.subjectAccess.decisions.withhold')
  }))
  return {
    kind: (code: SubjectAccessKind) => kinds.value[code] ?? code,
    state: (code: SubjectAccessState) => states.value[code] ?? code,
    itemKind: (code: SubjectAccessItemKind) => itemKinds.value[code] ?? code,
    decision: (code: SubjectAccessDecision) => decisions.value[code] ?? code,
    clock: (clock: { deadline: string, daysLeft: number }) => clock.daysLeft < 0
      ? t('staff.subjectAccess.overdue', { deadline: clock.deadline, days: -clock.daysLeft })
      : t('staff.subjectAccess.due', { deadline: clock.deadline, days: clock.daysLeft }),
    clockColor: (clock: { daysLeft: number }) => clock.daysLeft < 0 ? 'error' as const : clock.daysLeft <= 7 ? 'warning' as const : 'neutral' as const
  }
}

/** The office's requests, latest deadline first, searched and filtered on the server, a page at a time. */
export function useSubjectAccessList() {
  const q = ref('')
  const state = ref<SubjectAccessState | undefined>(undefined)
  const list = reactive(usePagedList<SubjectAccessRow, { q?: string, state?: SubjectAccessState }>(
    query => $fetch('/api/app/subject-access', { query }), { limit: 25, filters: () => ({ q: q.value, state: state.value }) }
  ))
  async function logRequest(input: SubjectAccessLogInput) {
    return $fetch('/api/app/subject-access', { method: 'POST', body: input })
  }
  return { list, q, state, logRequest }
}

/**
 * One request: read it, and its steps. Assembling, sending and carrying out read restricted records or cannot be taken
 * back, so they ask for a passkey when the server wants a recent proof (undefined when its prompt was closed).
 */
export function useSubjectAccessRequest(id: () => string) {
  const { data, refresh, error } = useFetch(() => apiPath('/api/app/subject-access/:id', { id: id() }), {
    key: `subject-access-${id()}`, headers: useRequestHeaders(['cookie'])
  })
  const { withStepUp } = useStepUp()
  const path = (tail: string) => `${apiPath('/api/app/subject-access/:id', { id: id() })}/${tail}`
  const keep = (answer: SubjectAccessDetail | undefined) => {
    if (answer) data.value = answer
    return answer
  }
  return {
    request: data,
    error: computed(() => error.value ? apiErrorOf(error.value) : null),
    refresh,
    answerUrl: computed(() => path('answer')),
    extend: async (input: SubjectAccessExtendInput) => keep(await $fetch<SubjectAccessDetail>(path('extend'), { method: 'POST', body: input })),
    assemble: async () => keep(await withStepUp(() => $fetch<SubjectAccessDetail>(path('assemble'), { method: 'POST' }))),
    decide: async (itemId: string, input: SubjectAccessDecideInput) =>
      keep(await $fetch<SubjectAccessDetail>(path(`items/${encodeURIComponent(itemId)}`), { method: 'PUT', body: input })),
    send: async (channel: SubjectAccessChannel) =>
      keep(await withStepUp(() => $fetch<SubjectAccessDetail>(path('send'), { method: 'POST', body: { channel } }))),
    refuse: async (reason: string) => keep(await $fetch<SubjectAccessDetail>(path('refuse'), { method: 'POST', body: { reason } })),
    carryOut: async (correction?: SubjectAccessCorrectionInput) =>
      keep(await withStepUp(() => $fetch<SubjectAccessDetail>(path('carry-out'), { method: 'POST', body: correction })))
  }
}
