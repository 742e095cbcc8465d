import type { schools } from '../../../db/schema'
import type { SchoolRef } from '../shared/school-ref'
import { schoolRefFromRow } from './find-school'

/** The school's row as a caller's reference needs it: its event counter is the outbox's, not the caller's. */
export type SchoolRow = Omit<typeof schools.$inferSelect, 'lastEventPosition'>

/**
 * Each school's settings as last parsed, reused while its stored row reads exactly the same, so a
 * request does not parse them again. The row itself is read on every request, so a change shows at
 * once. The reference is frozen: every request shares it.
 */
const parsedSchools = new Map<string, { row: SchoolRow, school: SchoolRef }>()

/** The school of a caller, its settings parsed once per version of its row. */
export function schoolRefOfCaller(row: SchoolRow): SchoolRef {
  const parsed = parsedSchools.get(row.id)
  if (parsed && parsed.row.lists === row.lists && parsed.row.modules === row.modules && parsed.row.name === row.name
    && parsed.row.timeZone === row.timeZone && parsed.row.dataVersion === row.dataVersion) {
    return parsed.school
  }
  const school = deepFreeze(schoolRefFromRow(row))
  if (parsedSchools.size >= 10_000) parsedSchools.clear()
  parsedSchools.set(row.id, { row, school })
  return school
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.values(value).forEach(deepFreeze)
    Object.freeze(value)
  }
  return value
}
