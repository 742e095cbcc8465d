import { and, eq, sql } from 'drizzle-orm'
import { applicationEvents, applications } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

/** Applications and enrolments alike: an enrolment is an application whose `origin` is `enrolment` (docs/exports.md). */
export default defineExportTable({
  key: 'applications',
  module: 'admissions',
  from: applications,
  id: applications.id,
  schoolId: applications.schoolId,
  where: aboutNoErasedPerson(applications.studentId),
  columns: [
    { name: 'id', class: 'general', value: applications.id },
    { name: 'studentId', class: 'general', value: applications.studentId },
    { name: 'origin', class: 'general', value: applications.origin },
    { name: 'state', class: 'general', value: applications.state },
    { name: 'yearLevel', class: 'general', value: applications.yearLevel },
    { name: 'entryYear', class: 'general', value: applications.entryYear },
    { name: 'campusId', class: 'general', value: applications.campusId },
    // A child on part time often is so for health or family reasons: it describes the child.
    { name: 'loadBasisPoints', class: 'personal', value: applications.loadBasisPoints },
    { name: 'startsOn', class: 'general', value: applications.startsOn },
    { name: 'affiliationId', class: 'general', value: applications.affiliationId },
    { name: 'receivedAt', class: 'general', value: applications.receivedAt },
    { name: 'offeredAt', class: 'general', value: applications.offeredAt },
    { name: 'offeredBy', class: 'general', value: applications.offeredBy },
    { name: 'answeredAt', class: 'general', value: applications.answeredAt },
    { name: 'answeredBy', class: 'general', value: applications.answeredBy },
    { name: 'updatedAt', class: 'general', value: applications.updatedAt },
    // A withdrawal's reason comes from the list exit reasons use, which restricted.read covers:
    // described so that no school setting can ever let it out.
    {
      name: 'withdrawalReason',
      class: 'restricted',
      value: sql`(select ${applicationEvents.reason} from ${applicationEvents} where ${and(
        eq(applicationEvents.applicationId, applications.id), eq(applicationEvents.kind, 'withdrawn')
      )})`
    }
  ]
})
