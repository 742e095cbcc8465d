import type { ExportTable } from '../export-table'
import people from './people'
import nameHistory from './name-history'
import affiliations from './affiliations'
import parentalResponsibilities from './parental-responsibilities'
import billingResponsibilities from './billing-responsibilities'
import concessions from './concessions'
import enquiries from './enquiries'
import tours from './tours'
import bookings from './bookings'
import applications from './applications'
import syncRuns from './sync-runs'
import staffChecks from './staff-checks'
import classes from './classes'
import classMembers from './class-members'
import teachingAssignments from './teaching-assignments'
import feeSchedules from './fee-schedules'
import feePeriods from './fee-periods'
import feeLines from './fee-lines'
import feeStatements from './fee-statements'
import consents from './consents'
import notificationDeliveries from './notification-deliveries'
import absences from './absences'
import childContacts from './child-contacts'
import childMedicalNeeds from './child-medical-needs'
import retentionActions from './retention-actions'

/**
 * Every table the warehouse export produces, in the order files are produced and listed. A
 * capability that adds a table adds its description beside these and one line here (docs/exports.md).
 */
export const exportTables: readonly ExportTable[] = [
  people,
  nameHistory,
  affiliations,
  parentalResponsibilities,
  billingResponsibilities,
  concessions,
  enquiries,
  tours,
  bookings,
  applications,
  syncRuns,
  staffChecks,
  classes,
  classMembers,
  teachingAssignments,
  feeSchedules,
  feePeriods,
  feeLines,
  feeStatements,
  consents,
  notificationDeliveries,
  absences,
  childContacts,
  childMedicalNeeds,
  retentionActions
]

if (new Set(exportTables.map(table => table.key)).size !== exportTables.length) throw new Error('Two export tables share a key')
