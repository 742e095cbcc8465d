import { classMembers } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

export default defineExportTable({
  key: 'class_members',
  module: 'rosters',
  from: classMembers,
  id: classMembers.id,
  schoolId: classMembers.schoolId,
  where: aboutNoErasedPerson(classMembers.personId),
  columns: [
    { name: 'id', class: 'general', value: classMembers.id },
    { name: 'classId', class: 'general', value: classMembers.classId },
    { name: 'personId', class: 'general', value: classMembers.personId },
    { name: 'validFrom', class: 'general', value: classMembers.validFrom },
    { name: 'validTo', class: 'general', value: classMembers.validTo },
    { name: 'createdAt', class: 'general', value: classMembers.createdAt }
  ]
})
