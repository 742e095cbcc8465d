import { isOneOf, rosterFormats, type RosterFormat } from '../../../shared/vocabulary'
import type { DomainContext } from '../shared/context'
import { timestampNow, todayInZone } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { readRosterSnapshot } from './roster-snapshot'
import { oneRosterTables } from './oneroster-set'
import { sdsTables } from './sds-set'
import { oneRoster12Tables } from './oneroster12-set'
import { rosterFileOf, type RosterFile } from './roster-tables'
import { checkRosterSet, ruleBreakLine } from './check-roster-set'

export interface RosterSet {
  format: RosterFormat
  asAt: string
  files: RosterFile[]
  counts: { students: number, teachers: number, classes: number, courses: number, enrollments: number, withheld: number }
}

/**
 * A set that breaks a rule of its format: a fault of ours, answered `internal`, never served. Its
 * message names the file, row, column and rule, never a value, so the log holds no child's data.
 */
export class RosterRuleError extends Error {
  override readonly name = 'RosterRuleError'
}

const tablesOf = { oneroster: oneRosterTables, sds: sdsTables, oneroster12: oneRoster12Tables }

/**
 * The school's roster as of today in its zone, in one format, checked against the format's rules
 * before it leaves (check-roster-set.ts): a set a district's system would reject is never handed out.
 * An unknown format is `not_found`, like any resource that does not exist.
 */
export async function buildRoster(ctx: DomainContext, format: string): Promise<RosterSet> {
  const { asAt, tables, counts } = await checkedRosterTables(ctx, format)
  return { format: format as RosterFormat, asAt, files: tables.map(rosterFileOf), counts }
}

/**
 * What the settings screen previews of a set: the same checked set as buildRoster, each file with its
 * header, its row count and its first `rows` rows.
 */
export async function previewRoster(ctx: DomainContext, format: string, rows = 5) {
  const { asAt, tables, counts } = await checkedRosterTables(ctx, format)
  return {
    format: format as RosterFormat, asAt, counts,
    files: tables.map(table => ({ name: table.name, header: [...table.header], rowCount: table.rows.length, firstRows: table.rows.slice(0, rows) }))
  }
}

async function checkedRosterTables(ctx: DomainContext, format: string) {
  if (!isOneOf(rosterFormats, format)) throw domainError('not_found', [`There is no roster format "${format}"; use one of ${rosterFormats.join(', ')}.`])
  const asAt = timestampNow()
  const snapshot = await readRosterSnapshot(ctx, todayInZone(ctx.school.timeZone))
  const tables = tablesOf[format](snapshot)
  const breaks = checkRosterSet(format, tables)
  if (breaks.length) {
    throw new RosterRuleError(
      `The ${format} roster of school ${ctx.school.id} breaks ${breaks.length} rule(s); first: ${breaks.slice(0, 5).map(found => ruleBreakLine(format, found)).join('; ')}`
    )
  }
  return {
    asAt,
    tables,
    counts: {
      students: snapshot.students.length,
      teachers: snapshot.staff.length,
      classes: snapshot.classes.length,
      courses: snapshot.courses.length,
      enrollments: snapshot.enrolments.length,
      withheld: snapshot.withheld
    }
  }
}
