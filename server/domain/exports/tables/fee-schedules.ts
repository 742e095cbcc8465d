import { sql } from 'drizzle-orm'
import { feeScheduleVersions, feeSchedules } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

/** One row per published version of a schedule: a correction is a row of its own, naming the version it replaces. */
export default defineExportTable({
  key: 'fee_schedules',
  module: 'billing',
  from: feeScheduleVersions,
  id: feeScheduleVersions.id,
  schoolId: feeScheduleVersions.schoolId,
  where: sql`${feeScheduleVersions.state} = 'published'`,
  columns: [
    { name: 'id', class: 'general', value: feeScheduleVersions.id },
    { name: 'scheduleId', class: 'general', value: feeScheduleVersions.scheduleId },
    {
      name: 'name', class: 'general',
      value: sql<string>`(select ${feeSchedules.name} from ${feeSchedules} where ${feeSchedules.id} = ${feeScheduleVersions.scheduleId})`
    },
    {
      name: 'startsOn', class: 'general',
      value: sql<string>`(select ${feeSchedules.startsOn} from ${feeSchedules} where ${feeSchedules.id} = ${feeScheduleVersions.scheduleId})`
    },
    {
      name: 'endsOn', class: 'general',
      value: sql<string>`(select ${feeSchedules.endsOn} from ${feeSchedules} where ${feeSchedules.id} = ${feeScheduleVersions.scheduleId})`
    },
    { name: 'number', class: 'general', value: feeScheduleVersions.number },
    { name: 'replacesVersionId', class: 'general', value: feeScheduleVersions.replacesVersionId },
    { name: 'appliesFrom', class: 'general', value: feeScheduleVersions.appliesFrom },
    { name: 'publishedAt', class: 'general', value: feeScheduleVersions.publishedAt },
    { name: 'publishedBy', class: 'personal', value: feeScheduleVersions.publishedBy }
  ]
})
