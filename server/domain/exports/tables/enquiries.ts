import { enquiries } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

export default defineExportTable({
  key: 'enquiries',
  module: 'admissions',
  from: enquiries,
  id: enquiries.id,
  schoolId: enquiries.schoolId,
  where: aboutNoErasedPerson(enquiries.studentId),
  columns: [
    { name: 'id', class: 'general', value: enquiries.id },
    { name: 'studentId', class: 'general', value: enquiries.studentId },
    { name: 'enquirerId', class: 'general', value: enquiries.enquirerId },
    { name: 'relationship', class: 'personal', value: enquiries.relationship },
    { name: 'channel', class: 'general', value: enquiries.channel },
    { name: 'intendedEntryYear', class: 'general', value: enquiries.intendedEntryYear },
    { name: 'receivedAt', class: 'general', value: enquiries.receivedAt }
  ]
})
