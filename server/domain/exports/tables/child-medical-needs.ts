import { childMedicalNeeds } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

/** Every child's medical needs (docs/data-check.md): ids and the order general; the need and its care restricted, as health is. */
export default defineExportTable({
  key: 'child_medical_needs',
  module: 'people',
  from: childMedicalNeeds,
  id: childMedicalNeeds.id,
  schoolId: childMedicalNeeds.schoolId,
  columns: [
    { name: 'id', class: 'general', value: childMedicalNeeds.id },
    { name: 'childId', class: 'general', value: childMedicalNeeds.childId },
    { name: 'position', class: 'general', value: childMedicalNeeds.position },
    { name: 'updatedAt', class: 'general', value: childMedicalNeeds.updatedAt },
    { name: 'need', class: 'restricted', value: childMedicalNeeds.need },
    { name: 'care', class: 'restricted', value: childMedicalNeeds.care }
  ]
})
