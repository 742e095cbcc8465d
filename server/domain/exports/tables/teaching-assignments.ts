import { teachingAssignments } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

export default defineExportTable({
  key: 'teaching_assignments',
  module: 'rosters',
  from: teachingAssignments,
  id: teachingAssignments.id,
  schoolId: teachingAssignments.schoolId,
  where: aboutNoErasedPerson(teachingAssignments.personId),
  columns: [
    { name: 'id', class: 'general', value: teachingAssignments.id },
    { name: 'classId', class: 'general', value: teachingAssignments.classId },
    { name: 'personId', class: 'general', value: teachingAssignments.personId },
    { name: 'role', class: 'general', value: teachingAssignments.role },
    { name: 'validFrom', class: 'general', value: teachingAssignments.validFrom },
    { name: 'validTo', class: 'general', value: teachingAssignments.validTo },
    { name: 'createdAt', class: 'general', value: teachingAssignments.createdAt }
  ]
})
