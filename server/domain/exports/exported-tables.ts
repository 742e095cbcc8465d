import type { SchoolRef } from '../shared/context'
import { exportTables } from './tables'

/** The tables a school's switched-on modules export (a read-only module still exports); none when exports are off. */
export function tablesExportedBy(school: SchoolRef) {
  const mode = (module: keyof SchoolRef['modules']) => school.modules[module] ?? 'on'
  if (mode('exports') === 'off') return []
  return exportTables.filter(table => mode(table.module) !== 'off')
}
