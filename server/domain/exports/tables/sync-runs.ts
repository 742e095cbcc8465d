import { syncRuns } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

/**
 * What each people sync was and did. The file as sent, its unreadable lines and its problems hold
 * people's details line by line, and the lease is the worker's own: none of them is described.
 */
export default defineExportTable({
  key: 'sync_runs',
  module: 'people_sync',
  from: syncRuns,
  id: syncRuns.id,
  schoolId: syncRuns.schoolId,
  columns: [
    { name: 'id', class: 'general', value: syncRuns.id },
    { name: 'system', class: 'general', value: syncRuns.system },
    { name: 'scope', class: 'general', value: syncRuns.scope },
    { name: 'status', class: 'general', value: syncRuns.status },
    { name: 'reason', class: 'general', value: syncRuns.reason },
    { name: 'confirmed', class: 'general', value: syncRuns.confirmed },
    { name: 'runDay', class: 'general', value: syncRuns.runDay },
    { name: 'rows', class: 'general', value: syncRuns.rows },
    { name: 'done', class: 'general', value: syncRuns.done },
    { name: 'created', class: 'general', value: syncRuns.created },
    { name: 'amended', class: 'general', value: syncRuns.amended },
    { name: 'absent', class: 'general', value: syncRuns.absent },
    { name: 'unchanged', class: 'general', value: syncRuns.unchanged },
    { name: 'createdAt', class: 'general', value: syncRuns.createdAt },
    { name: 'appliedAt', class: 'general', value: syncRuns.appliedAt },
    { name: 'revertedAt', class: 'general', value: syncRuns.revertedAt }
  ]
})
