import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { childContactsInput, childMedicalNeedsInput, dataCheckInput } from '~~/shared/schemas/data-checks'

/** The office's data checks as their route answers them, and one class's progress. */
export type DataCheck = InternalApi['/api/app/data-checks']['get']['items'][number]
export type DataCheckClass = InternalApi['/api/app/data-checks/:id/progress']['get']['items'][number]
export type DataCheckInput = z.input<typeof dataCheckInput>
/** A child's emergency contacts, collectors and medical needs on their record. */
export type ChildCare = InternalApi['/api/app/people/:id/child-care']['get']
export type ChildContactsInput = z.input<typeof childContactsInput>
export type ChildMedicalNeedsInput = z.input<typeof childMedicalNeedsInput>

/** The words of a list of people in a form (CareContactFields): the portal's in the reader's language, the staff screens' in theirs. */
export interface CareContactWords {
  legend: string
  none: string
  name: string
  phone: string
  relationship: string
  remove: string
  removeNamed: (name: string) => string
  add: string
}
/** The words of the medical needs' fields (CareNeedFields). */
export interface CareNeedWords { legend: string, none: string, need: string, care: string, remove: string, removeNamed: (name: string) => string, add: string }

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A field of an entry of a list in a form: its name as the server's `data.fields` name it (`children[0].collectors[1].phone`:
 * the form keeps only refusals naming a field it has) and a pattern for the browser's own check
 * (`children.0.collectors.1.phone`), so both problems stand beside it. `path` is the list's place in the form's state.
 */
export function careField(path: string, i: number, name: string) {
  const serverPath = path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')
  return { name: `${serverPath}[${i}].${name}`, errorPattern: new RegExp(`^${escapePattern(`${path}.${i}.${name}`)}$`) }
}

/**
 * The office's data checks (`/staff/data-checks`, docs/data-check.md): the school's checks with their counts, starting one,
 * reminding those a check still waits for (all, or one class's), and closing one early, each write followed by a fresh list.
 */
export function useDataChecks() {
  const { data, error, refresh } = useFetch('/api/app/data-checks', { key: 'data-checks', headers: useRequestHeaders(['cookie']) })
  const { data: choices } = useFetch('/api/app/people/choices', { key: 'people-choices', headers: useRequestHeaders(['cookie']) })
  async function start(body: DataCheckInput) {
    const answer = await $fetch('/api/app/data-checks', { method: 'POST', body })
    await refresh()
    return answer
  }
  async function remind(checkId: string, classCode?: string | null) {
    const answer = await $fetch(apiPath('/api/app/data-checks/:id/reminders', { id: checkId }), {
      method: 'POST', body: classCode ? { classCode } : {}
    })
    await refresh()
    return answer
  }
  async function close(checkId: string) {
    const answer = await $fetch(apiPath('/api/app/data-checks/:id', { id: checkId }), { method: 'PATCH', body: { status: 'closed' as const } })
    await refresh()
    return answer
  }
  return {
    checks: computed(() => data.value?.items ?? []), loaded: computed(() => data.value !== undefined && data.value !== null), error, refresh,
    start, remind, close,
    yearLevels: computed(() => choices.value?.yearLevels ?? []), campuses: computed(() => choices.value?.campuses ?? [])
  }
}

/** One check's progress per class, paged on the server; starts again from the first page when the check chosen changes. */
export function useDataCheckProgress(checkId: MaybeRefOrGetter<string | null>) {
  return usePagedList<DataCheckClass, { check?: string }>(({ check, ...query }) => check
    ? $fetch(apiPath('/api/app/data-checks/:id/progress', { id: check }), { query })
    : Promise.resolve({ items: [], nextCursor: null }), { limit: 25, filters: () => ({ check: toValue(checkId) ?? undefined }) })
}

/** A child's emergency contacts, collectors and medical needs on their record, and the office's writes of them. */
export function useChildCare(personId: MaybeRefOrGetter<string>) {
  const { data, error, refresh } = useFetch(() => apiPath('/api/app/people/:id/child-care', { id: toValue(personId) }), {
    key: () => `child-care-${toValue(personId)}`, headers: useRequestHeaders(['cookie'])
  })
  async function saveContacts(body: ChildContactsInput) {
    data.value = await $fetch(apiPath('/api/app/people/:id/contacts', { id: toValue(personId) }), { method: 'PUT', body })
  }
  async function saveMedicalNeeds(body: ChildMedicalNeedsInput) {
    data.value = await $fetch(apiPath('/api/app/people/:id/medical-needs', { id: toValue(personId) }), { method: 'PUT', body })
  }
  return { care: data, error, refresh, saveContacts, saveMedicalNeeds }
}

/** A check's audience in the page's words: the whole school, a year level, a campus or a class. */
export function useDataCheckAudienceWords() {
  const { t } = useScreenText()
  return (audience: string) => {
    if (audience === 'school') return t('staff.dataChecks.wholeSchool')
    const [kind, ...rest] = audience.split(':')
    const value = rest.join(':')
    if (kind === 'year') return t('staff.dataChecks.yearLevel', { level: value })
    return kind === 'class' ? t('staff.dataChecks.class', { code: value }) : t('staff.dataChecks.campus', { campus: value })
  }
}
