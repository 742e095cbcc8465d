import { sql } from 'drizzle-orm'
import { feePeriods, feeScheduleVersions } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

/** The billing periods of published versions. */
export default defineExportTable({
  key: 'fee_periods',
  module: 'billing',
  from: feePeriods,
  id: feePeriods.id,
  schoolId: feePeriods.schoolId,
  where: sql`${feePeriods.versionId} in (select ${feeScheduleVersions.id} from ${feeScheduleVersions} where ${feeScheduleVersions.state} = 'published')`,
  columns: [
    { name: 'id', class: 'general', value: feePeriods.id },
    { name: 'versionId', class: 'general', value: feePeriods.versionId },
    { name: 'position', class: 'general', value: feePeriods.position },
    { name: 'name', class: 'general', value: feePeriods.name },
    { name: 'kind', class: 'general', value: feePeriods.kind },
    { name: 'startsOn', class: 'general', value: feePeriods.startsOn },
    { name: 'endsOn', class: 'general', value: feePeriods.endsOn }
  ]
})
