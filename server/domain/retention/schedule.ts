import type { RetentionRecordClass, RetentionTrigger } from '../../../shared/vocabulary'

/**
 * How far a figure has been checked (docs/retention.md): read in the source itself, read where others quote it,
 * remembered from the source but not read, or Rollbook's own choice where no published schedule names the record.
 */
export type RetentionEvidence = 'verified' | 'secondary' | 'unverified' | 'own'

export interface RetentionRule {
  trigger: RetentionTrigger
  /** The period from the trigger the school keeps the record until it chooses another. */
  defaultMonths: number
  /** The least the school may set: equal to the default where no shorter period is allowed. */
  floorMonths: number
  /** The published schedule the default comes from, with its version. */
  source: string
  evidence: RetentionEvidence
}

const irms = 'IRMS Information Management Toolkit for Schools (2019)'
const attendanceRegulations = 'School Attendance (Pupil Registration) (England) Regulations 2024 (SI 2024/208), reg 7'
const iicsa = 'IICSA final report (October 2022), recommendation 17; floor: IRMS Information Management Toolkit for Schools (2019)'
const rollbook = 'Rollbook\'s own default (Rollbook 0.1.0; no published schedule names this record)'

/**
 * The schedule every school starts from (docs/retention.md gives each row's reasoning). Floors that equal the default
 * are periods a law or a limitation period asks for, which a school may lengthen but never shorten; restricted records
 * keep IICSA's long horizon by default and may come down, with a reason, no further than the toolkit's 25 years after birth.
 */
export const retentionSchedule = {
  enquiries: { trigger: 'closed', defaultMonths: 12, floorMonths: 1, source: irms, evidence: 'unverified' },
  unstarted_applications: { trigger: 'closed', defaultMonths: 12, floorMonths: 1, source: irms, evidence: 'unverified' },
  former_students: { trigger: 'date_of_birth', defaultMonths: 300, floorMonths: 300, source: irms, evidence: 'secondary' },
  former_staff: { trigger: 'left', defaultMonths: 72, floorMonths: 72, source: irms, evidence: 'unverified' },
  sync_runs: { trigger: 'created', defaultMonths: 12, floorMonths: 1, source: rollbook, evidence: 'own' },
  webhook_deliveries: { trigger: 'created', defaultMonths: 3, floorMonths: 1, source: rollbook, evidence: 'own' },
  messages: { trigger: 'created', defaultMonths: 24, floorMonths: 1, source: rollbook, evidence: 'own' },
  closed_consents: { trigger: 'closed', defaultMonths: 12, floorMonths: 1, source: irms, evidence: 'unverified' },
  absences: { trigger: 'created', defaultMonths: 72, floorMonths: 72, source: attendanceRegulations, evidence: 'verified' },
  signed_receipts: { trigger: 'closed', defaultMonths: 12, floorMonths: 1, source: irms, evidence: 'unverified' },
  activity_entries: { trigger: 'created', defaultMonths: 72, floorMonths: 12, source: rollbook, evidence: 'own' },
  // The portal promises families thirteen months of who read their records (docs/receipts.md).
  data_access_receipts: { trigger: 'created', defaultMonths: 13, floorMonths: 13, source: rollbook, evidence: 'own' },
  restricted_records: { trigger: 'date_of_birth', defaultMonths: 900, floorMonths: 300, source: iicsa, evidence: 'secondary' }
} as const satisfies Record<RetentionRecordClass, RetentionRule>
