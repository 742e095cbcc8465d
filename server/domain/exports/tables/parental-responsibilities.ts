import { parentalResponsibilities } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

export default defineExportTable({
  key: 'parental_responsibilities',
  module: 'people',
  from: parentalResponsibilities,
  id: parentalResponsibilities.id,
  schoolId: parentalResponsibilities.schoolId,
  columns: [
    { name: 'id', class: 'general', value: parentalResponsibilities.id },
    { name: 'adultId', class: 'general', value: parentalResponsibilities.adultId },
    { name: 'childId', class: 'general', value: parentalResponsibilities.childId },
    { name: 'relationship', class: 'personal', value: parentalResponsibilities.relationship },
    { name: 'validFrom', class: 'general', value: parentalResponsibilities.validFrom },
    { name: 'validTo', class: 'general', value: parentalResponsibilities.validTo },
    { name: 'createdAt', class: 'general', value: parentalResponsibilities.createdAt }
  ]
})
