import { concessions } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

export default defineExportTable({
  key: 'concessions',
  module: 'billing',
  from: concessions,
  id: concessions.id,
  schoolId: concessions.schoolId,
  where: aboutNoErasedPerson(concessions.studentId),
  columns: [
    { name: 'id', class: 'general', value: concessions.id },
    { name: 'studentId', class: 'general', value: concessions.studentId },
    // A hardship or bursary concession says something about a family's means.
    { name: 'kind', class: 'personal', value: concessions.kind },
    { name: 'validFrom', class: 'general', value: concessions.validFrom },
    { name: 'validTo', class: 'general', value: concessions.validTo },
    { name: 'createdAt', class: 'general', value: concessions.createdAt }
  ]
})
