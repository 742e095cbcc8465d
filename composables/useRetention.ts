import type { InternalApi } from 'nitropack/types'
import type { RetentionPeriodInput } from '~~/shared/schemas/retention'
import type { RetentionRecordClass, RetentionTrigger } from '~~/shared/vocabulary'

/** The schedule as Settings → Data retention reads it: each class's rule beside the school's period. */
export type RetentionSchedule = InternalApi['/api/app/retention/schedule']['get']
export type RetentionClass = RetentionSchedule['classes'][number]

/** A class of record, its trigger, how far its default was checked, and a period in the page's words (whole years where the months make them). */
export function useRetentionWords() {
  const { t } = useScreenText()
  const classes = computed<Record<RetentionRecordClass, string>>(() => ({
    enquiries: t('staff.settings.retention.classes.enquiries'),
    unstarted_applications: t('staff.settings.retention.classes.unstartedApplications'),
    former_students: t('staff.settings.retention.classes.formerStudents'),
    former_staff: t('staff.settings.retention.classes.formerStaff'),
    sync_runs: t('staff.settings.retention.classes.syncRuns'),
    webhook_deliveries: t('staff.settings.retention.classes.webhookDeliveries'),
    messages: t('staff.settings.retention.classes.messages'),
    closed_consents: t('staff.settings.retention.classes.closedConsents'),
    absences: t('staff.settings.retention.classes.absences'),
    signed_receipts: t('staff.settings.retention.classes.signedReceipts'),
    activity_entries: t('staff.settings.retention.classes.activityEntries'),
    data_access_receipts: t('staff.settings.retention.classes.dataAccessReceipts'),
    restricted_records: t('staff.settings.retention.classes.restrictedRecords')
  }))
  const triggers = computed<Record<RetentionTrigger, string>>(() => ({
    left: t('staff.settings.retention.triggers.left'),
    closed: t('staff.settings.retention.triggers.closed'),
    created: t('staff.settings.retention.triggers.created'),
    date_of_birth: t('staff.settings.retention.triggers.dateOfBirth')
  }))
  const evidence = computed<Record<RetentionClass['evidence'], string>>(() => ({
    verified: t('staff.settings.retention.evidence.verified'),
    secondary: t('staff.settings.retention.evidence.secondary'),
    unverified: t('staff.settings.retention.evidence.unverified'),
    own: t('staff.settings.retention.evidence.own')
  }))
  return {
    recordClass: (code: RetentionRecordClass) => classes.value[code] ?? code,
    trigger: (code: RetentionTrigger) => triggers.value[code] ?? code,
    evidence: (code: RetentionClass['evidence']) => evidence.value[code] ?? code,
    period: (months: number) => months > 0 && months % 12 === 0
      ? t('staff.settings.retention.years', months / 12)
      : t('staff.settings.retention.months', months)
  }
}

/**
 * Settings → Data retention: read the schedule, and set one class's period, asking for a passkey when the server wants a
 * recent proof; the saved class replaces its row. Undefined when the passkey prompt was closed (nothing saved).
 */
export function useRetention() {
  const { data, refresh, error } = useFetch('/api/app/retention/schedule', { key: 'retention-schedule', headers: useRequestHeaders(['cookie']) })
  const { withStepUp } = useStepUp()

  async function setPeriod(recordClass: RetentionRecordClass, input: RetentionPeriodInput) {
    const saved = await withStepUp(() => $fetch(apiPath('/api/app/retention/schedule/:recordClass', { recordClass }), { method: 'PUT', body: input }))
    if (saved && data.value) data.value = { classes: data.value.classes.map(each => each.recordClass === saved.recordClass ? saved : each) }
    return saved
  }
  return { schedule: computed(() => data.value?.classes ?? []), error: computed(() => error.value ? apiErrorOf(error.value) : null), refresh, setPeriod }
}
