import { bookings } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

export default defineExportTable({
  key: 'bookings',
  module: 'admissions',
  from: bookings,
  id: bookings.id,
  schoolId: bookings.schoolId,
  columns: [
    { name: 'id', class: 'general', value: bookings.id },
    { name: 'tourId', class: 'general', value: bookings.tourId },
    { name: 'enquiryId', class: 'general', value: bookings.enquiryId },
    { name: 'receivedAt', class: 'general', value: bookings.receivedAt }
  ]
})
