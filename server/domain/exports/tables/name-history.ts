import { nameHistory } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

export default defineExportTable({
  key: 'name_history',
  module: 'people',
  from: nameHistory,
  id: nameHistory.id,
  schoolId: nameHistory.schoolId,
  columns: [
    { name: 'id', class: 'general', value: nameHistory.id },
    { name: 'personId', class: 'general', value: nameHistory.personId },
    { name: 'familyName', class: 'personal', value: nameHistory.familyName },
    { name: 'givenNames', class: 'personal', value: nameHistory.givenNames },
    { name: 'heldFrom', class: 'general', value: nameHistory.heldFrom },
    { name: 'heldTo', class: 'general', value: nameHistory.heldTo },
    { name: 'change', class: 'general', value: nameHistory.change },
    { name: 'recordedAt', class: 'general', value: nameHistory.recordedAt }
  ]
})
