import type { SchoolRef } from '../shared/school-ref'
import { moduleSwitch } from '../access/switches'
import { exportTables } from './tables'

/** The tables a school's switched-on modules export (a read-only module still exports); none when exports are off. */
export function tablesExportedBy(school: SchoolRef) {
  if (moduleSwitch(school, 'exports') === 'off') return []
  return exportTables.filter(table => moduleSwitch(school, table.module) !== 'off')
}
