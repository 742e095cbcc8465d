import { retentionActions } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

/** What retention erased, deleted, held and reviewed (issue 42): classes, counts, rules and approvers, never who. */
export default defineExportTable({
  key: 'retention_actions',
  module: 'people',
  from: retentionActions,
  id: retentionActions.id,
  schoolId: retentionActions.schoolId,
  columns: [
    { name: 'id', class: 'general', value: retentionActions.id },
    { name: 'action', class: 'general', value: retentionActions.action },
    { name: 'recordClass', class: 'general', value: retentionActions.recordClass },
    { name: 'count', class: 'general', value: retentionActions.count },
    { name: 'rule', class: 'general', value: retentionActions.rule },
    { name: 'approvedBy', class: 'general', value: retentionActions.approvedBy },
    { name: 'occurredAt', class: 'general', value: retentionActions.occurredAt }
  ]
})
