import { classes } from '../../../../db/schema'
import { defineExportTable } from '../export-table'

export default defineExportTable({
  key: 'classes',
  module: 'rosters',
  from: classes,
  id: classes.id,
  schoolId: classes.schoolId,
  columns: [
    { name: 'id', class: 'general', value: classes.id },
    { name: 'courseId', class: 'general', value: classes.courseId },
    { name: 'code', class: 'general', value: classes.code },
    { name: 'title', class: 'general', value: classes.title },
    { name: 'kind', class: 'general', value: classes.kind },
    { name: 'room', class: 'general', value: classes.room },
    { name: 'periods', class: 'general', value: classes.periods },
    { name: 'createdAt', class: 'general', value: classes.createdAt },
    { name: 'updatedAt', class: 'general', value: classes.updatedAt }
  ]
})
