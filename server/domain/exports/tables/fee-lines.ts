import { sql } from 'drizzle-orm'
import { feeLines, feeScheduleVersions } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

/** The lines of published versions: amounts in whole minor units of the school's currency. */
export default defineExportTable({
  key: 'fee_lines',
  module: 'billing',
  from: feeLines,
  id: feeLines.id,
  schoolId: feeLines.schoolId,
  where: sql`${feeLines.versionId} in (select ${feeScheduleVersions.id} from ${feeScheduleVersions} where ${feeScheduleVersions.state} = 'published')`,
  columns: [
    { name: 'id', class: 'general', value: feeLines.id },
    { name: 'versionId', class: 'general', value: feeLines.versionId },
    { name: 'position', class: 'general', value: feeLines.position },
    { name: 'category', class: 'general', value: feeLines.category },
    { name: 'description', class: 'general', value: feeLines.description },
    { name: 'amount', class: 'general', value: feeLines.amount },
    { name: 'periodId', class: 'general', value: feeLines.periodId },
    { name: 'yearLevels', class: 'general', value: feeLines.yearLevels },
    { name: 'campusId', class: 'general', value: feeLines.campusId }
  ]
})
