import { defineExportTable } from '../export-table'
import { feeStatementRows } from '../../fees/read-statements'

/**
 * Each payer's part of each student's charges, per period in force of each published schedule
 * (docs/fees.md): worked out as the file is written. What a family pays is personal.
 */
export default defineExportTable({
  key: 'fee_statements',
  module: 'billing',
  rows: feeStatementRows,
  columns: [
    { name: 'id', class: 'general' },
    { name: 'scheduleId', class: 'general' },
    { name: 'versionId', class: 'general' },
    { name: 'periodId', class: 'general' },
    { name: 'studentId', class: 'general' },
    { name: 'category', class: 'general' },
    { name: 'paidAs', class: 'general' },
    { name: 'categoryTotal', class: 'personal' },
    { name: 'payerId', class: 'general' },
    { name: 'share', class: 'personal' },
    { name: 'amount', class: 'personal' },
    { name: 'currency', class: 'general' }
  ]
})
