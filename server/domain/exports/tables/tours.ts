import { tours } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

export default defineExportTable({
  key: 'tours',
  module: 'admissions',
  from: tours,
  id: tours.id,
  schoolId: tours.schoolId,
  columns: [
    { name: 'id', class: 'general', value: tours.id },
    { name: 'title', class: 'general', value: tours.title },
    { name: 'startsAt', class: 'general', value: tours.startsAt },
    { name: 'venue', class: 'general', value: tours.venue },
    { name: 'capacity', class: 'general', value: tours.capacity },
    { name: 'booked', class: 'general', value: tours.booked },
    { name: 'campusId', class: 'general', value: tours.campusId },
    { name: 'audience', class: 'general', value: tours.audience },
    { name: 'cancelledAt', class: 'general', value: tours.cancelledAt },
    { name: 'createdAt', class: 'general', value: tours.createdAt },
    { name: 'updatedAt', class: 'general', value: tours.updatedAt }
  ]
})
