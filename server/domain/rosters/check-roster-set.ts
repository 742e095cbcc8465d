import type { RosterFormat } from '../../../shared/vocabulary'
import type { RosterTable } from './roster-tables'
import { oneRosterHeaders, oneRosterManifestFiles } from './oneroster-set'
import { oneRoster12Headers, oneRoster12ManifestFiles } from './oneroster12-set'
import { sdsHeaders } from './sds-set'

/** The rules one file of a set keeps (docs/rosters.md, from roster-formats.md). */
interface FileRules {
  /** The column every other file refers to this one by; unique in the file. */
  key?: string
  required: readonly string[]
  /** Allowed values, where a value is given. */
  vocabulary?: Record<string, readonly string[]>
  /** Columns naming rows of another file (a list, comma-separated, where the column holds several). */
  references?: Record<string, string>
  /** Columns present in the header whose value is always empty: a roster never carries contact details or passwords. */
  blank?: readonly string[]
}

const grades = ['IT', 'PR', 'PK', 'TK', 'KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', 'PS', 'UG', 'Other']
const day = /^\d{4}-\d{2}-\d{2}$/
const sourcedId = /^[A-Za-z0-9._-]{1,100}$/
const forbiddenCharacters = /[\r\n\uFEFF]/

const oneRosterRules: Record<string, FileRules> = {
  'orgs.csv': { key: 'sourcedId', required: ['sourcedId', 'name', 'type'], vocabulary: { type: ['school'] } },
  'academicSessions.csv': {
    key: 'sourcedId', required: ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
    vocabulary: { type: ['gradingPeriod', 'semester', 'schoolYear', 'term'] }, references: { parentSourcedId: 'academicSessions.csv' }
  },
  'courses.csv': {
    key: 'sourcedId', required: ['sourcedId', 'title', 'orgSourcedId'], vocabulary: { grades },
    references: { schoolYearSourcedId: 'academicSessions.csv', orgSourcedId: 'orgs.csv' }
  },
  'classes.csv': {
    key: 'sourcedId', required: ['sourcedId', 'title', 'courseSourcedId', 'classType', 'schoolSourcedId', 'termSourcedIds'],
    vocabulary: { classType: ['homeroom', 'scheduled'], grades },
    references: { courseSourcedId: 'courses.csv', schoolSourcedId: 'orgs.csv', termSourcedIds: 'academicSessions.csv' }
  },
  'users.csv': {
    key: 'sourcedId', required: ['sourcedId', 'enabledUser', 'orgSourcedIds', 'role', 'username', 'givenName', 'familyName'],
    vocabulary: { enabledUser: ['true', 'false'], role: ['student', 'teacher'], grades }, references: { orgSourcedIds: 'orgs.csv' },
    blank: ['email', 'sms', 'phone', 'password']
  },
  'enrollments.csv': {
    key: 'sourcedId', required: ['sourcedId', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'],
    vocabulary: { role: ['student', 'teacher'], primary: ['true', 'false'] },
    references: { classSourcedId: 'classes.csv', schoolSourcedId: 'orgs.csv', userSourcedId: 'users.csv' }
  }
}

// 1.2 keeps 1.1's other files and their rules; a user's school and role move to roles.csv, one `primary` row each.
const oneRoster12Rules: Record<string, FileRules> = {
  ...oneRosterRules,
  'users.csv': {
    key: 'sourcedId', required: ['sourcedId', 'enabledUser', 'username', 'givenName', 'familyName'],
    vocabulary: { enabledUser: ['true', 'false'], grades }, references: { primaryOrgSourcedId: 'orgs.csv' },
    blank: ['email', 'sms', 'phone', 'password']
  },
  'roles.csv': {
    key: 'sourcedId', required: ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
    vocabulary: { roleType: ['primary', 'secondary'], role: ['student', 'teacher'] },
    // The set sends no userProfiles.csv, so any profile named would dangle.
    references: { userSourcedId: 'users.csv', orgSourcedId: 'orgs.csv', userProfileSourcedId: 'userProfiles.csv' }
  }
}

const sdsGrades = grades.map(grade => grade.toLowerCase())
const sdsRules: Record<string, FileRules> = {
  'orgs.csv': { key: 'sourcedId', required: ['sourcedId', 'name', 'type'], vocabulary: { type: ['school'] } },
  'users.csv': { key: 'sourcedId', required: ['sourcedId', 'username', 'givenName', 'familyName'] },
  'roles.csv': {
    required: ['userSourcedId', 'orgSourcedId', 'role'],
    vocabulary: { role: ['student', 'teacher', 'teacherAssistant'], grade: sdsGrades, isPrimary: ['true', 'false'] },
    references: { userSourcedId: 'users.csv', orgSourcedId: 'orgs.csv', sessionSourcedId: 'academicSessions.csv' }
  },
  'academicSessions.csv': {
    key: 'sourcedId', required: ['sourcedId', 'title', 'type', 'schoolYear', 'startDate', 'endDate'],
    vocabulary: { type: ['schoolYear', 'semester', 'term', 'gradingPeriod'] }
  },
  'courses.csv': {
    key: 'sourcedId', required: ['sourcedId', 'orgSourcedId', 'title', 'code'], vocabulary: { grade: sdsGrades },
    references: { orgSourcedId: 'orgs.csv', schoolYearSourcedId: 'academicSessions.csv' }
  },
  'classes.csv': {
    key: 'sourcedId', required: ['sourcedId', 'orgSourcedId', 'title'],
    references: { orgSourcedId: 'orgs.csv', sessionSourcedIds: 'academicSessions.csv', courseSourcedId: 'courses.csv' }
  },
  'enrollments.csv': {
    required: ['classSourcedId', 'userSourcedId', 'role'], vocabulary: { role: ['student', 'teacher'] },
    references: { classSourcedId: 'classes.csv', userSourcedId: 'users.csv' }
  }
}

interface FormatRules {
  headers: Record<string, readonly string[]>
  rules: Record<string, FileRules>
  /** OneRoster's manifest: the version it states and every file it must name. */
  manifest?: { version: string, files: readonly string[] }
}

const expected: Record<RosterFormat, FormatRules> = {
  oneroster: { headers: oneRosterHeaders, rules: oneRosterRules, manifest: { version: '1.1', files: oneRosterManifestFiles } },
  sds: { headers: sdsHeaders, rules: sdsRules },
  oneroster12: { headers: oneRoster12Headers, rules: oneRoster12Rules, manifest: { version: '1.2', files: oneRoster12ManifestFiles } }
}

/** Where a set breaks a rule: the file, row and column, and the rule; never the value, which may be a child's name. */
export interface RosterRuleBreak { file: string, row?: number, column?: string, rule: string }

/**
 * Checks a set before it is served, in one pass over its values (a few milliseconds for a school of
 * 2,000): the file list and every header exactly; required values; vocabularies; ids; every reference
 * resolving within the set; days; no line break or byte order mark in any value and no `@` in a username; contact and
 * password columns empty; at most one primary teacher per class and `primary` only on teachers; each enrolment's role
 * agreeing with its user's role (for OneRoster 1.2, each user's one primary role in roles.csv); and for OneRoster a
 * manifest naming every file of its version, `bulk` exactly for the files sent, and no sourcedId used twice in the
 * set. Returns every break found.
 */
export function checkRosterSet(format: RosterFormat, tables: readonly RosterTable[]): RosterRuleBreak[] {
  const { headers, rules, manifest: manifestRules } = expected[format]
  const breaks: RosterRuleBreak[] = []
  const names = tables.map(table => table.name)
  if (names.join(' ') !== Object.keys(headers).join(' ')) breaks.push({ file: '*', rule: `the set must be exactly ${Object.keys(headers).join(', ')}` })
  const byName = new Map(tables.map(table => [table.name, table]))
  const column = (table: RosterTable, name: string) => table.header.indexOf(name)
  const keys = new Map<string, Set<string>>()
  for (const table of tables) {
    const fileRules = rules[table.name]
    if (!fileRules) continue
    const keyAt = fileRules.key ? column(table, fileRules.key) : -1
    keys.set(table.name, new Set(keyAt < 0 ? [] : table.rows.map(row => row[keyAt]!)))
  }

  for (const table of tables) {
    const at = (row: number, columnName: string, rule: string) => breaks.push({ file: table.name, row: row + 2, column: columnName, rule })
    if (table.header.join(',') !== (headers[table.name] ?? []).join(',')) {
      breaks.push({ file: table.name, row: 1, rule: 'the header must be the format\'s, complete and in order' })
    }
    table.rows.forEach((row, r) => {
      if (row.length !== table.header.length) at(r, '*', `a row must have ${table.header.length} values`)
      row.forEach((value, c) => {
        // roster-formats.md: only a username must not look like an email address; a class called
        // "Art @ Riverside" or a name holding an @ is the school's own text and goes out as it is.
        if (table.header[c] === 'username' && value.includes('@')) at(r, 'username', 'a username is never email-like: no @')
        if (!forbiddenCharacters.test(value)) return
        if (/[\r\n]/.test(value)) at(r, table.header[c]!, 'no line break inside a value')
        if (value.includes('\uFEFF')) at(r, table.header[c]!, 'no byte order mark')
      })
    })
    const fileRules = rules[table.name]
    if (!fileRules) continue
    const keyAt = fileRules.key ? column(table, fileRules.key) : -1
    if (keyAt >= 0 && keys.get(table.name)!.size !== table.rows.length) {
      breaks.push({ file: table.name, column: fileRules.key, rule: 'sourcedIds must be unique in the file' })
    }
    for (const name of fileRules.required) {
      const c = column(table, name)
      table.rows.forEach((row, r) => {
        if (!row[c]) at(r, name, 'a required value is missing')
      })
    }
    for (const name of fileRules.blank ?? []) {
      const c = column(table, name)
      table.rows.forEach((row, r) => {
        if (row[c]) at(r, name, 'this column is always empty')
      })
    }
    for (const [name, allowed] of Object.entries(fileRules.vocabulary ?? {})) {
      const c = column(table, name)
      table.rows.forEach((row, r) => {
        if (row[c] && row[c]!.split(',').some(value => !allowed.includes(value))) at(r, name, `a value must be one of ${allowed.join(', ')}`)
      })
    }
    for (const [name, target] of Object.entries(fileRules.references ?? {})) {
      const c = column(table, name)
      const known = keys.get(target) ?? new Set()
      table.rows.forEach((row, r) => {
        if (row[c] && row[c]!.split(',').some(id => !sourcedId.test(id) || !known.has(id))) at(r, name, `every reference must name a row of ${target}`)
      })
    }
    if (keyAt >= 0) {
      table.rows.forEach((row, r) => {
        if (!sourcedId.test(row[keyAt]!)) at(r, fileRules.key!, 'a sourcedId uses only A-Z a-z 0-9 . _ -')
      })
    }
    for (const name of ['startDate', 'endDate', 'beginDate']) {
      const c = column(table, name)
      if (c < 0) continue
      table.rows.forEach((row, r) => {
        if (row[c] && !day.test(row[c]!)) at(r, name, 'a day is YYYY-MM-DD')
      })
    }
  }

  const users = byName.get('users.csv')
  const enrolments = byName.get('enrollments.csv')
  if (users && enrolments) {
    const roleOf = new Map<string, string>()
    if (format === 'oneroster') {
      for (const row of users.rows) roleOf.set(row[column(users, 'sourcedId')]!, row[column(users, 'role')]!)
    } else if (format === 'oneroster12') {
      const roles = byName.get('roles.csv')
      const primaries = new Map<string, number>()
      for (const row of roles?.rows ?? []) {
        if (row[column(roles!, 'roleType')] !== 'primary') continue
        const user = row[column(roles!, 'userSourcedId')]!
        roleOf.set(user, row[column(roles!, 'role')]!)
        primaries.set(user, (primaries.get(user) ?? 0) + 1)
      }
      // 1.2's users.csv names no role or school: a user is placed only by their one primary role.
      users.rows.forEach((row, r) => {
        if (primaries.get(row[column(users, 'sourcedId')]!) !== 1) {
          breaks.push({ file: 'users.csv', row: r + 2, column: 'sourcedId', rule: 'each user has exactly one primary role in roles.csv' })
        }
      })
    } else {
      const roles = byName.get('roles.csv')
      for (const row of roles?.rows ?? []) roleOf.set(row[0]!, row[2] === 'student' ? 'student' : 'teacher')
    }
    const userAt = column(enrolments, 'userSourcedId')
    const roleAt = column(enrolments, 'role')
    const classAt = column(enrolments, 'classSourcedId')
    const primaryAt = column(enrolments, 'primary')
    const primaries = new Set<string>()
    enrolments.rows.forEach((row, r) => {
      const where = { file: 'enrollments.csv', row: r + 2 }
      if (roleOf.get(row[userAt]!) !== row[roleAt]) breaks.push({ ...where, column: 'role', rule: 'an enrolment\'s role must agree with its user\'s role' })
      if (primaryAt < 0 || row[primaryAt] !== 'true') return
      if (row[roleAt] !== 'teacher') breaks.push({ ...where, column: 'primary', rule: 'primary is only for teachers' })
      if (primaries.has(row[classAt]!)) breaks.push({ ...where, column: 'primary', rule: 'at most one primary teacher per class' })
      primaries.add(row[classAt]!)
    })
  }

  const manifest = byName.get('manifest.csv')
  if (manifestRules && manifest) {
    const properties = new Map(manifest.rows.map(row => [row[0]!, row[1]!]))
    if (properties.size !== manifest.rows.length) breaks.push({ file: 'manifest.csv', rule: 'no property listed twice' })
    if (properties.get('manifest.version') !== '1.0' || properties.get('oneroster.version') !== manifestRules.version) {
      breaks.push({ file: 'manifest.csv', rule: `manifest.version 1.0 and oneroster.version ${manifestRules.version}` })
    }
    const named = manifestRules.files.map(file => `file.${file}`)
    const unknown = [...properties.keys()].some(property => property.startsWith('file.') && !named.includes(property))
    if (unknown || named.some(property => !properties.has(property))) {
      breaks.push({ file: 'manifest.csv', rule: `the manifest names every file of OneRoster ${manifestRules.version} and no other` })
    }
    for (const [property, mode] of properties) {
      if (!property.startsWith('file.')) continue
      if ((mode === 'bulk') !== byName.has(`${property.slice(5)}.csv`) || (mode !== 'bulk' && mode !== 'absent')) {
        breaks.push({ file: 'manifest.csv', column: property, rule: 'a file is bulk exactly when it is sent, absent otherwise' })
      }
    }
    // OneRoster's sourcedIds name objects, so one names one row in the whole set, whatever its file.
    const fileOf = new Map<string, string>()
    const at = (file: string, r: number, rule: string) => breaks.push({ file, row: r + 2, column: 'sourcedId', rule })
    for (const table of tables) {
      const keyAt = rules[table.name]?.key ? column(table, rules[table.name]!.key!) : -1
      if (keyAt < 0) continue
      table.rows.forEach((row, r) => {
        const seenIn = fileOf.get(row[keyAt]!)
        if (!seenIn) fileOf.set(row[keyAt]!, table.name)
        else if (seenIn !== table.name) at(table.name, r, `a sourcedId names one row in the set (also in ${seenIn})`)
      })
    }
  }
  return breaks
}

/** One line naming a break for the log. */
export function ruleBreakLine(format: RosterFormat, found: RosterRuleBreak): string {
  return `${format} ${found.file}${found.row ? ` row ${found.row}` : ''}${found.column ? ` column ${found.column}` : ''}: ${found.rule}`
}
