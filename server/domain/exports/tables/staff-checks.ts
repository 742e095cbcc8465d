import { staffChecks } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

export default defineExportTable({
  key: 'staff_checks',
  module: 'staff_import',
  from: staffChecks,
  id: staffChecks.id,
  schoolId: staffChecks.schoolId,
  columns: [
    { name: 'id', class: 'general', value: staffChecks.id },
    { name: 'personId', class: 'general', value: staffChecks.personId },
    { name: 'type', class: 'general', value: staffChecks.type },
    // A check's number finds the person in the issuer's register.
    { name: 'number', class: 'personal', value: staffChecks.number },
    { name: 'expiresOn', class: 'general', value: staffChecks.expiresOn },
    { name: 'recordedAt', class: 'general', value: staffChecks.recordedAt }
  ]
})
