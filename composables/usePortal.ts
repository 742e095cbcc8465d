import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import { portalSectionWords, type PortalSection } from '~~/shared/vocabulary'
import type { DetailRequestInput } from '~~/shared/schemas/detail-requests'
import type { portalTourBookingSchema } from '~~/shared/schemas/portal'
import type { portalAnswerInput } from '~~/shared/schemas/consents'

/** The portal's front page as its route answers it: the adult, the sections, the children they may see today. */
export type PortalHome = InternalApi['/api/app/portal']['get']
/** An ask for a child on the portal's Consents, with the adult's answer and its history. */
export type PortalConsent = InternalApi['/api/app/portal/consents']['get']['items'][number]
/** A message in the portal's list: its subject, when it was sent, and when the adult read it (null: unread). */
export type PortalMessageSummary = InternalApi['/api/app/portal/messages']['get']['items'][number]

/** Where each section of the portal lives; *Our data* is always open, so it is no section. */
export const portalSectionPaths: Record<PortalSection, string> = {
  children: '/family',
  details: '/family/details',
  payers: '/family/payers',
  applications: '/family/applications',
  consents: '/family/consents',
  messages: '/family/messages',
  fees: '/family/fees'
}

/**
 * The family portal as the signed-in account sees it: the front page's answer (kept for the session
 * of the app, read again after a preview starts or ends), its refusal in words, the menu it opens,
 * and ending a member of staff's preview. Which children and sections are offered is the server's
 * answer, never decided here.
 */
export function usePortal() {
  const home = useState<PortalHome | null>('portal-home', () => null)
  const refusal = useState<{ code: string, message: string } | null>('portal-refusal', () => null)
  const headers = useRequestHeaders(['cookie'])

  async function refresh() {
    try {
      home.value = await $fetch('/api/app/portal', { headers })
      refusal.value = null
    } catch (error) {
      home.value = null
      const { code, message } = apiErrorOf(error)
      refusal.value = { code, message }
    }
    return home.value
  }

  /** The sections the school leaves on (a preview lists the ones it switched off too: a family does not see them, so neither does the menu). */
  const sections = computed(() => (home.value?.sections ?? []).filter(section => !section.off).map(section => ({
    name: section.name, label: portalSectionWords[section.name], to: portalSectionPaths[section.name]
  })))
  const isOn = (name: PortalSection) => sections.value.some(section => section.name === name)

  /** Ends a member of staff's preview and returns them to the adult's record. */
  async function endPreview() {
    const adultId = home.value?.adult.id
    await $fetch('/api/app/portal-preview', { method: 'DELETE' })
    home.value = null
    await navigateTo(adultId ? `/staff/people/${adultId}` : '/staff')
  }

  return { home, refusal, refresh, sections, isOn, endPreview }
}

/** A read of a portal page: its answer, and its refusal in the server's words (`section_off`, `standing_withheld`, …) for the page's one error line. */
function portalRead<Read extends { data: Ref<unknown>, error: Ref<unknown>, refresh: () => Promise<void> }>(read: Read) {
  return { data: read.data as Read['data'], problem: computed(() => read.error.value ? apiErrorOf(read.error.value).message : null), refresh: read.refresh as Read['refresh'] }
}

/** A child on the Children page: names, year level, campus, the school's key dates. */
export function usePortalChild(childId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(childId))
  return portalRead(useFetch(() => apiPath('/api/app/portal/children/:id', { id: id.value }), { key: `portal-child-${id.value}`, headers: useRequestHeaders(['cookie']) }))
}

/** Who pays: each child's charge categories with their payers' shares in per cent, and concessions by kind. */
export function usePortalPayers() {
  return portalRead(useFetch('/api/app/portal/payers', { key: 'portal-payers', headers: useRequestHeaders(['cookie']) }))
}

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

/** Applications and tours: the family's applications, the tours to come with places left, their bookings; and booking one. */
export function usePortalApplications() {
  const read = portalRead(useFetch('/api/app/portal/applications', { key: 'portal-applications', headers: useRequestHeaders(['cookie']) }))
  async function book(tourId: string, body: z.input<typeof portalTourBookingSchema>) {
    const answer = await $fetch(apiPath('/api/app/portal/tours/:id/bookings', { id: tourId }), { method: 'POST', body })
    await read.refresh()
    return answer
  }
  return { ...read, book }
}

/** Our data: the integrations that can read the family's records, and where the download of everything is. */
export function usePortalData() {
  const read = portalRead(useFetch('/api/app/portal/data', { key: 'portal-data', headers: useRequestHeaders(['cookie']) }))
  const downloadUrl = (format: 'json' | 'csv') => `/api/app/portal/data/download?format=${format}`
  return { ...read, downloadUrl }
}

/** Fees: the adult's own part of each child's charges, per schedule and period; never another payer's (the server leaves them out). */
export function usePortalFees() {
  return portalRead(useFetch('/api/app/portal/fees', { key: 'portal-fees', headers: useRequestHeaders(['cookie']) }))
}

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

/** Messages: what the school wrote to the adult, paged on the server, newest first, each unread until opened. */
export function usePortalMessages() {
  return usePagedList<PortalMessageSummary>(query => $fetch('/api/app/portal/messages', { query }), { limit: 20 })
}

/** One message; reading it records the adult's read (never in a staff preview: the server decides). */
export function usePortalMessage(messageId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(messageId))
  return portalRead(useFetch(() => apiPath('/api/app/portal/messages/:id', { id: id.value }), { key: `portal-message-${id.value}`, headers: useRequestHeaders(['cookie']) }))
}
