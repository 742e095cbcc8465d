import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type { absenceSettingsInput, officeAbsenceInput } from '~~/shared/schemas/absences'
import type { AbsenceReason } from '~~/shared/vocabulary'

/** A school day's list as its route answers it. */
export type AbsenceDay = InternalApi['/api/app/absences']['get']
export type AbsenceDayLine = AbsenceDay['items'][number]
/** A child's absences for their record's card. */
export type ChildAbsences = InternalApi['/api/app/people/:id/absences']['get']
export type OfficeAbsence = ChildAbsences['items'][number]
export type RegisterAbsence = ChildAbsences['unexplained'][number]
export type OfficeAbsenceInput = z.input<typeof officeAbsenceInput>
export type AbsenceSettings = InternalApi['/api/app/absences/settings']['get']
export type AbsenceSettingsInput = z.input<typeof absenceSettingsInput>
/** The day list's filters, as the server reads them. */
export interface AbsenceDayFilters { day?: string, q?: string, yearLevel?: string }

/** The most lines a page of the day list holds: printing asks for the whole day in pages this size. */
const printPageSize = 1000

/** Each reason of the vocabulary (shared/vocabulary.ts) in the page's words; an unknown one as it is. */
export function useAbsenceReasonWords() {
  const { t } = useScreenText()
  const words = computed<Record<AbsenceReason, string>>(() => ({
    illness: t('staff.absences.reasons.illness'),
    medical_appointment: t('staff.absences.reasons.medicalAppointment'),
    family_reason: t('staff.absences.reasons.familyReason'),
    religious_observance: t('staff.absences.reasons.religiousObservance'),
    other: t('staff.absences.reasons.other')
  }))
  return (reason: string) => words.value[reason as AbsenceReason] ?? reason
}

/** When in the day: the whole day, or the part of it from one time to another (clock times in the school's zone, as kept). */
export function useAbsenceTimeWords() {
  const { t } = useScreenText()
  return (line: { fromTime: string | null, toTime: string | null }) => line.fromTime && line.toTime
    ? t('staff.absences.partOfDay', { from: line.fromTime, to: line.toTime })
    : t('staff.absences.wholeDay')
}

/**
 * A school day's absences for the office (`/staff/absences?day=`): the reported ones and those the register
 * found with no explanation, by year level, homeroom and name as the server orders them, paged on the server,
 * with the day's counts; the school's year levels to narrow it by; acknowledging a report; and the whole day at once for printing.
 */
export function useAbsenceDay(filters: MaybeRefOrGetter<AbsenceDayFilters>) {
  const answered = ref<Pick<AbsenceDay, 'day' | 'counts'> | null>(null)
  // The counts of the latest request only, as the list keeps its items: a slow answer to an older search is dropped.
  let asked = 0
  const list = reactive(usePagedList<AbsenceDayLine, AbsenceDayFilters>(async (query) => {
    const request = ++asked
    const page = await $fetch('/api/app/absences', { query })
    if (request === asked) answered.value = { day: page.day, counts: page.counts }
    return page
  }, { limit: 50, filters }))
  // The school's year levels, lowest first, as the directory offers them.
  const { data: choices } = useFetch('/api/app/people/choices', { key: 'people-choices', headers: useRequestHeaders(['cookie']) })
  const yearLevels = computed(() => choices.value?.yearLevels ?? [])

  async function acknowledge(id: string) {
    await $fetch(apiPath('/api/app/absences/:id/acknowledge', { id }), { method: 'POST', body: {} })
    await list.refresh()
  }
  /** Every line of the day under the filters shown, page after page, for the printed list. */
  async function wholeDay(): Promise<AbsenceDayLine[]> {
    const lines: AbsenceDayLine[] = []
    let cursor: string | undefined
    do {
      const given = Object.fromEntries(Object.entries(toValue(filters)).filter(([, value]) => value))
      const page = await $fetch('/api/app/absences', { query: { ...given, limit: printPageSize, ...(cursor ? { cursor } : {}) } })
      lines.push(...page.items)
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    return lines
  }
  return { list, answered, yearLevels, acknowledge, wholeDay }
}

/**
 * A child's absences on their record: a page of the absences reported and recorded (newest first), the
 * register's recent ones with whether the family was told and has explained, acknowledging one, and recording
 * one a family phoned in. A write throws the error envelope for the form (its `data.fields` go beside the fields).
 */
export function useChildAbsences(childId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(childId))
  const unexplained = shallowRef<RegisterAbsence[]>([])
  const list = reactive(usePagedList<OfficeAbsence>(async (query) => {
    const page = await $fetch(apiPath('/api/app/people/:id/absences', { id: id.value }), { query })
    // The register's absences come with the first page only.
    if (!query.cursor) unexplained.value = page.unexplained
    return page
  }, { limit: 10 }))
  watch(id, () => list.first())
  const { data: settings } = useFetch('/api/app/absences/settings', { key: 'absence-settings', headers: useRequestHeaders(['cookie']) })

  async function acknowledge(absenceId: string) {
    await $fetch(apiPath('/api/app/absences/:id/acknowledge', { id: absenceId }), { method: 'POST', body: {} })
    await list.refresh()
  }
  async function record(input: OfficeAbsenceInput) {
    const created = await $fetch('/api/app/absences', { method: 'POST', body: input })
    await list.first()
    return created
  }
  return { list, unexplained, settings, acknowledge, record }
}

/** The address of an absence's document (the browser opens it; the server decides who may). */
export const absenceDocumentPath = (id: string) => apiPath('/api/app/absences/:id/document', { id })

/** A chosen file as a report's document: its name and its bytes in base64. */
export async function absenceDocumentOf(file: File): Promise<{ name: string, content: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // In slices: String.fromCharCode takes its bytes as arguments, and a 5 MB letter is too many at once.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return { name: file.name, content: btoa(binary) }
}

/** The reasons the school offers, and those whose notes and documents only `restricted.read` opens. */
export function useAbsenceSettings() {
  const { data: settings, error, refresh } = useFetch('/api/app/absences/settings', { key: 'absence-settings', headers: useRequestHeaders(['cookie']) })
  async function save(input: AbsenceSettingsInput) {
    settings.value = await $fetch('/api/app/absences/settings', { method: 'PUT', body: input })
  }
  return { settings, error, refresh, save }
}
