import { sql } from 'drizzle-orm'
import { absences } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

/**
 * Every absence reported, explained or recorded, withdrawn ones included and marked (docs/absences.md): ids, days
 * and times are general; the reason and who reported it are personal, as they tell of a family; the note and the
 * document's name are restricted, as a parent writes a child's health into them. The document itself never leaves.
 */
export default defineExportTable({
  key: 'absences',
  module: 'people',
  from: absences,
  id: absences.id,
  schoolId: absences.schoolId,
  where: aboutNoErasedPerson(absences.childId),
  columns: [
    { name: 'id', class: 'general', value: absences.id },
    { name: 'childId', class: 'general', value: absences.childId },
    { name: 'firstDay', class: 'general', value: absences.fromDay },
    { name: 'lastDay', class: 'general', value: absences.toDay },
    { name: 'fromTime', class: 'general', value: absences.fromTime },
    { name: 'toTime', class: 'general', value: absences.toTime },
    { name: 'explains', class: 'general', value: absences.explainsId },
    { name: 'reportedAt', class: 'general', value: absences.reportedAt },
    { name: 'acknowledgedAt', class: 'general', value: absences.acknowledgedAt },
    { name: 'withdrawnAt', class: 'general', value: absences.withdrawnAt },
    { name: 'reason', class: 'personal', value: absences.reason },
    { name: 'reportedBy', class: 'personal', value: absences.reportedBy },
    { name: 'adultId', class: 'personal', value: absences.adultId },
    { name: 'enteredByStaff', class: 'personal', value: sql`case when ${absences.enteredBy} is null then 'false' else 'true' end` },
    { name: 'note', class: 'restricted', value: absences.note },
    { name: 'documentName', class: 'restricted', value: absences.documentName }
  ]
})
