import { billingResponsibilities } from '../../../../db/schema'
import { defineExportTable } from '../export-table'
import { aboutNoErasedPerson } from '../not-erased'

export default defineExportTable({
  key: 'billing_responsibilities',
  module: 'billing',
  from: billingResponsibilities,
  id: billingResponsibilities.id,
  schoolId: billingResponsibilities.schoolId,
  where: aboutNoErasedPerson(billingResponsibilities.studentId),
  columns: [
    { name: 'id', class: 'general', value: billingResponsibilities.id },
    { name: 'studentId', class: 'general', value: billingResponsibilities.studentId },
    { name: 'payerId', class: 'general', value: billingResponsibilities.payerId },
    { name: 'category', class: 'general', value: billingResponsibilities.category },
    { name: 'share', class: 'personal', value: billingResponsibilities.share },
    { name: 'validFrom', class: 'general', value: billingResponsibilities.validFrom },
    { name: 'validTo', class: 'general', value: billingResponsibilities.validTo },
    { name: 'createdAt', class: 'general', value: billingResponsibilities.createdAt }
  ]
})
