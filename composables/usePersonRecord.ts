import type { InternalApi } from 'nitropack/types'
import type { z } from 'zod'
import type {
  affiliationCloseBody, affiliationOpenBody, billingSplitBody, concessionBody, courtOrderBody, parentalResponsibilityBody, placementBody, protectionFlagBody
} from '~~/shared/schemas/person-record'
import type { NameCorrection } from '~~/shared/schemas/people'
import type { CourtOrderPurpose } from '~~/shared/vocabulary'

/** A person's record as its route answers it. */
export type PersonFile = InternalApi['/api/app/people/:id']['get']
export type PersonChange = InternalApi['/api/app/people/:id/changes']['get']['items'][number]
export type RestrictedRecord = InternalApi['/api/app/people/:id/restricted']['get']
export type WhoCanSee = InternalApi['/api/app/people/:id/standing']['get']
export type PersonAffiliation = NonNullable<PersonFile['affiliations']>[number]
export type PersonKin = PersonFile['family']['carers'][number]

/** The purposes a court order limits (shared/vocabulary.ts), by name in the page's words. */
export function usePurposeWords() {
  const { t } = useScreenText()
  const words = computed<Record<CourtOrderPurpose, string>>(() => ({
    details: t('staff.person.purposes.details'), contact: t('staff.person.purposes.contact'), billing: t('staff.person.purposes.billing'),
    applications: t('staff.person.purposes.applications'), consents: t('staff.person.purposes.consents'), messages: t('staff.person.purposes.messages'),
    attendance: t('staff.person.purposes.attendance'), collection: t('staff.person.purposes.collection')
  }))
  return (purpose: CourtOrderPurpose) => words.value[purpose]
}

/** A span in the page's words: `2024-01-29 to 2025-12-12`, or `from 2024-01-29, open`. */
export function useSpanWords() {
  const { t } = useScreenText()
  return (span: { validFrom: string, validTo: string | null }): string => span.validTo
    ? t('staff.person.span', { from: span.validFrom, to: span.validTo })
    : t('staff.person.spanOpen', { from: span.validFrom })
}

/**
 * A person's record on /staff/people/<id>: the record (each part as far as the member's
 * capabilities reach), its changes (paged on the server), and every everyday change the office
 * makes on it, each through its /api/app route and so through the domain function /api/v1 and the
 * CLI use. A write throws the error envelope for the form that made it (its `data.fields` go beside
 * the fields), and reloads the record and its changes when it is done. The restricted record is read
 * only when asked for, after a passkey proof (useStepUp); every read of it is recorded on the server.
 */
export function usePersonRecord(personId: MaybeRefOrGetter<string>) {
  const id = computed(() => toValue(personId))
  const { data: record, error, status, refresh } = useFetch(() => apiPath('/api/app/people/:id', { id: id.value }), {
    key: `person-record-${id.value}`, headers: useRequestHeaders(['cookie'])
  })
  // reactive: the table reads the page's refs unwrapped.
  const changes = reactive(usePagedList<PersonChange>(query => $fetch(apiPath('/api/app/people/:id/changes', { id: id.value }), { query }), { limit: 20 }))
  const { withStepUp } = useStepUp()
  const restricted = ref<RestrictedRecord | null>(null)

  async function written<T>(write: Promise<T>): Promise<T> {
    const answer = await write
    await Promise.all([refresh(), changes.refresh()])
    return answer
  }
  const person = () => ({ id: id.value })

  /** Reads the restricted record, asking for a passkey proof first when the session has none recent; false when the prompt was closed. */
  async function showRestricted(): Promise<boolean> {
    const answer = await withStepUp(() => $fetch(apiPath('/api/app/people/:id/restricted', person())))
    if (answer) restricted.value = answer
    return !!answer
  }
  async function restrictedWrite(write: () => Promise<unknown>) {
    const done = await withStepUp(write)
    if (done) {
      await written(Promise.resolve())
      await showRestricted()
    }
    return done
  }

  return {
    record,
    error,
    loading: computed(() => status.value === 'pending'),
    refresh,
    changes,
    restricted,
    showRestricted,
    hideRestricted: () => { restricted.value = null },
    /**
     * Who can see the child in the family portal on the day (today when empty), after a passkey proof if the
     * server asks for one; undefined when the prompt was closed.
     */
    whoCanSee: (day: string) => withStepUp(() => $fetch(apiPath('/api/app/people/:id/standing', person()), { query: day ? { day } : {} })),
    correctName: (body: NameCorrection) => written($fetch(apiPath('/api/app/people/:id/name', person()), { method: 'PUT', body })),
    setDateOfBirth: (dateOfBirth: string | null) =>
      written($fetch(apiPath('/api/app/people/:id/date-of-birth', person()), { method: 'PUT', body: { dateOfBirth } })),
    setPreferredLanguage: (preferredLanguage: string | null) =>
      written($fetch(apiPath('/api/app/people/:id/preferred-language', person()), { method: 'PUT', body: { preferredLanguage } })),
    openAffiliation: (body: z.input<typeof affiliationOpenBody>) =>
      written($fetch(apiPath('/api/app/people/:id/affiliations', person()), { method: 'POST', body })),
    moveStudent: (affiliationId: string, body: z.input<typeof placementBody>) =>
      written($fetch(apiPath('/api/app/affiliations/:id/placement', { id: affiliationId }), { method: 'POST', body })),
    closeAffiliation: (affiliationId: string, body: z.input<typeof affiliationCloseBody>) =>
      written($fetch(apiPath('/api/app/affiliations/:id/close', { id: affiliationId }), { method: 'POST', body })),
    addParentalResponsibility: (body: z.input<typeof parentalResponsibilityBody>) =>
      written($fetch(apiPath('/api/app/people/:id/parental-responsibilities', person()), { method: 'POST', body })),
    endParentalResponsibility: (responsibilityId: string, lastDay: string) =>
      written($fetch(apiPath('/api/app/parental-responsibilities/:id/end', { id: responsibilityId }), { method: 'POST', body: { lastDay } })),
    setBillingSplit: (body: z.input<typeof billingSplitBody>) =>
      written($fetch(apiPath('/api/app/people/:id/billing-split', person()), { method: 'PUT', body })),
    addConcession: (body: z.input<typeof concessionBody>) => written($fetch(apiPath('/api/app/people/:id/concessions', person()), { method: 'POST', body })),
    endConcession: (concessionId: string, lastDay: string) =>
      written($fetch(apiPath('/api/app/concessions/:id/end', { id: concessionId }), { method: 'POST', body: { lastDay } })),
    setProtectionFlag: (body: z.input<typeof protectionFlagBody>) =>
      restrictedWrite(() => $fetch(apiPath('/api/app/people/:id/protection-flags', person()), { method: 'POST', body })),
    liftProtectionFlag: (flagId: string, lastDay: string) =>
      restrictedWrite(() => $fetch(apiPath('/api/app/protection-flags/:id/lift', { id: flagId }), { method: 'POST', body: { lastDay } })),
    recordCourtOrder: (body: z.input<typeof courtOrderBody>) =>
      restrictedWrite(() => $fetch(apiPath('/api/app/people/:id/court-orders', person()), { method: 'POST', body })),
    endCourtOrder: (orderId: string, lastDay: string) =>
      restrictedWrite(() => $fetch(apiPath('/api/app/court-orders/:id/end', { id: orderId }), { method: 'POST', body: { lastDay } }))
  }
}

export type PersonRecordActions = ReturnType<typeof usePersonRecord>
