/**
 * A checker of roster sets written from ../shared/roster-formats.md alone (and, for OneRoster 1.2, which
 * that page does not cover, from the sources docs/rosters.md cites), apart from the generator
 * (server/domain/rosters), so a mistake in one is not repeated in the other. It reads the CSV text
 * with its own strict RFC 4180 reader and returns every rule broken, as sentences.
 */

const oneRoster: Record<string, string> = {
  'manifest.csv': 'propertyName,value',
  'orgs.csv': 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
  'academicSessions.csv': 'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
  'courses.csv': 'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
  'classes.csv': 'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
  'users.csv': 'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password',
  'enrollments.csv': 'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate'
}

// OneRoster 1.2 CSV Binding 1.2.1: users.csv without orgSourcedIds and role, which roles.csv now holds.
const oneRoster12: Record<string, string> = {
  ...oneRoster,
  'users.csv': 'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,'
    + 'grades,password,userMasterIdentifier,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
  'roles.csv': 'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId'
}

const sds: Record<string, string> = {
  'orgs.csv': 'sourcedId,name,type,parentSourcedId',
  'users.csv': 'sourcedId,username,givenName,familyName,activeDirectoryMatchId',
  'roles.csv': 'userSourcedId,orgSourcedId,role,sessionSourcedId,grade,isPrimary,roleStartDate,roleEndDate',
  'academicSessions.csv': 'sourcedId,title,type,schoolYear,startDate,endDate',
  'courses.csv': 'sourcedId,orgSourcedId,title,code,schoolYearSourcedId,subject,grade',
  'classes.csv': 'sourcedId,orgSourcedId,title,sessionSourcedIds,courseSourcedId',
  'enrollments.csv': 'classSourcedId,userSourcedId,role'
}

const manifestFiles = {
  oneroster: 'academicSessions categories classes classResources courses courseResources demographics enrollments lineItems orgs resources results users',
  oneroster12: 'academicSessions categories classes classResources courseResources courses demographics enrollments lineItemLearningObjectiveIds lineItems '
    + 'lineItemScoreScales orgs resources resultLearningObjectiveIds results resultScoreScales roles scoreScales userProfiles userResources users'
}
const oneRoster12Roles = [
  'aide', 'counselor', 'districtAdministrator', 'guardian', 'parent', 'principal', 'proctor', 'relative', 'siteAdministrator', 'student', 'systemAdministrator',
  'teacher'
]
const cedsGrades = new Set(['IT', 'PR', 'PK', 'TK', 'KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', 'PS', 'UG', 'Other'])
const sdsGrades = new Set(['it', 'pr', 'pk', 'tk', 'kg', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', 'ps', 'ug', 'other'])
const idShape = /^[A-Za-z0-9._-]+$/
const dayShape = /^\d{4}-\d{2}-\d{2}$/
/** An email address as a roster must never carry one; `Art @ Riverside` and `J@ne` are not. */
const emailAddress = /[\w.+-]+@[\w-]+(\.[\w-]+)+/
const phoneLike = /\+\d[\d ()-]{6,}\d|\b\d{3,4} \d{3} \d{3,4}\b|\b\d{9,}\b/

type Row = Record<string, string>
export interface ParsedFile { header: string[], rows: Row[] }

/** A strict RFC 4180 reader: CRLF after every record, quotes only around a whole value, `""` inside one. */
export function readStrictCsv(text: string, problems: string[], name: string): ParsedFile {
  if (text.startsWith('\uFEFF')) problems.push(`${name}: starts with a byte order mark`)
  if (!text.endsWith('\r\n')) problems.push(`${name}: does not end with CRLF`)
  const records: string[][] = []
  let record: string[] = []
  let i = 0
  while (i < text.length) {
    let value = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) {
          problems.push(`${name}: unterminated quoted value`)
          break
        }
        if (text[i] === '"' && text[i + 1] === '"') {
          value += '"'
          i += 2
        } else if (text[i] === '"') {
          i++
          break
        } else value += text[i++]
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') problems.push(`${name}: text after a closing quote`)
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') problems.push(`${name}: a quote inside an unquoted value`)
        value += text[i++]
      }
      if (text[i] === '\n') problems.push(`${name}: a bare LF line end`)
    }
    record.push(value)
    if (text[i] === ',') i++
    else if (text[i] === '\r' && text[i + 1] === '\n') {
      i += 2
      records.push(record)
      record = []
    } else if (text[i] === '\n') {
      i++
      records.push(record)
      record = []
    } else if (i < text.length) {
      problems.push(`${name}: a bare CR`)
      i++
    }
  }
  if (record.length) records.push(record)
  const [header = [], ...data] = records
  data.forEach((values, r) => {
    if (values.length !== header.length) problems.push(`${name} line ${r + 2}: ${values.length} values for ${header.length} columns`)
  })
  return { header, rows: data.map(values => Object.fromEntries(header.map((column, c) => [column, values[c] ?? '']))) }
}

/** Every rule of roster-formats.md the set breaks; an empty list for a good set. */
export function rosterRuleProblems(format: 'oneroster' | 'sds' | 'oneroster12', files: { name: string, content: string }[]): string[] {
  const problems: string[] = []
  const headers = { oneroster: oneRoster, sds, oneroster12: oneRoster12 }[format]
  const names = files.map(file => file.name).sort()
  if (names.join() !== Object.keys(headers).sort().join()) problems.push(`files are ${names.join(', ')}, not ${Object.keys(headers).join(', ')}`)
  const parsed: Record<string, ParsedFile> = {}
  for (const file of files) {
    parsed[file.name] = readStrictCsv(file.content, problems, file.name)
    if (parsed[file.name]!.header.join(',') !== headers[file.name]) problems.push(`${file.name}: header is not ${headers[file.name]}`)
    if (phoneLike.test(file.content)) problems.push(`${file.name}: has something phone-like`)
    for (const [r, row] of parsed[file.name]!.rows.entries()) {
      for (const [column, value] of Object.entries(row)) if (/[\r\n]/.test(value)) {
        problems.push(`${file.name} line ${r + 2} ${column}: a line break inside a value`)
      }
    }
  }
  const rows = (name: string) => parsed[name]?.rows ?? []
  const ids = (name: string, column = 'sourcedId') => new Set(rows(name).map(row => row[column]))
  const need = (name: string, row: Row, r: number, columns: string[]) => {
    for (const column of columns) if (!row[column]) problems.push(`${name} line ${r + 2}: ${column} is required`)
  }
  const oneOf = (name: string, r: number, column: string, value: string, allowed: Iterable<string>) => {
    if (!new Set(allowed).has(value)) problems.push(`${name} line ${r + 2}: ${column} "${value}" is not allowed`)
  }
  const resolves = (name: string, r: number, column: string, value: string, known: Set<string | undefined>) => {
    for (const id of value.split(',')) if (!known.has(id)) problems.push(`${name} line ${r + 2}: ${column} ${id} does not resolve`)
  }
  const unique = (name: string, column = 'sourcedId') => {
    const values = rows(name).map(row => row[column]!)
    if (new Set(values).size !== values.length) problems.push(`${name}: ${column} not unique`)
    for (const value of values) if (!idShape.test(value)) problems.push(`${name}: ${column} "${value}" has characters outside A-Za-z0-9._-`)
  }

  if (format !== 'sds') {
    const version = format === 'oneroster' ? '1.1' : '1.2'
    const manifest = new Map(rows('manifest.csv').map(row => [row.propertyName ?? '', row.value ?? '']))
    if (manifest.size !== rows('manifest.csv').length) problems.push('manifest.csv: a property twice')
    if (manifest.get('manifest.version') !== '1.0') problems.push('manifest.csv: manifest.version must be 1.0')
    if (manifest.get('oneroster.version') !== version) problems.push(`manifest.csv: oneroster.version must be ${version}`)
    const listed = manifestFiles[format].split(' ')
    for (const key of manifest.keys()) {
      if (key.startsWith('file.') && !listed.includes(key.slice(5))) problems.push(`manifest.csv: ${key} is no file of ${version}`)
    }
    for (const file of listed) {
      const expected = files.some(f => f.name === `${file}.csv`) ? 'bulk' : 'absent'
      if (manifest.get(`file.${file}`) !== expected) problems.push(`manifest.csv: file.${file} should be ${expected}`)
    }
    for (const key of manifest.keys()) if (!/^(manifest\.version|oneroster\.version|file\.\w+|source\.system(Name|Code))$/.test(key)) {
      problems.push(`manifest.csv: unknown property ${key}`)
    }
    const everyId = new Map<string, string>()
    for (const name of Object.keys(headers).filter(name => name !== 'manifest.csv')) {
      unique(name)
      // A sourcedId names one object: ManageBac's 1.2 import wants it unique across all the files.
      for (const row of rows(name)) {
        const seenIn = everyId.get(row.sourcedId!)
        if (seenIn && seenIn !== name) problems.push(`${name}: ${row.sourcedId} is also in ${seenIn}`)
        everyId.set(row.sourcedId!, name)
      }
      rows(name).forEach((row, r) => {
        if (row.status || row.dateLastModified) problems.push(`${name} line ${r + 2}: status and dateLastModified must be blank in bulk`)
      })
    }
    const orgs = ids('orgs.csv')
    const schools = new Set(rows('orgs.csv').filter(row => row.type === 'school').map(row => row.sourcedId))
    const sessions = ids('academicSessions.csv')
    const schoolYears = new Set(rows('academicSessions.csv').filter(row => row.type === 'schoolYear').map(row => row.sourcedId))
    rows('orgs.csv').forEach((row, r) => {
      need('orgs.csv', row, r, ['name', 'type'])
      oneOf('orgs.csv', r, 'type', row.type!, ['department', 'school', 'district', 'local', 'state', 'national'])
    })
    rows('academicSessions.csv').forEach((row, r) => {
      need('academicSessions.csv', row, r, ['title', 'type', 'startDate', 'endDate', 'schoolYear'])
      oneOf('academicSessions.csv', r, 'type', row.type!, ['gradingPeriod', 'semester', 'schoolYear', 'term'])
      if (!dayShape.test(row.startDate!) || !dayShape.test(row.endDate!)) problems.push(`academicSessions.csv line ${r + 2}: dates are not YYYY-MM-DD`)
      if (!/^\d{4}$/.test(row.schoolYear!)) problems.push(`academicSessions.csv line ${r + 2}: schoolYear is not YYYY`)
      if (row.parentSourcedId) resolves('academicSessions.csv', r, 'parentSourcedId', row.parentSourcedId, sessions)
    })
    rows('courses.csv').forEach((row, r) => {
      need('courses.csv', row, r, ['title', 'orgSourcedId'])
      resolves('courses.csv', r, 'orgSourcedId', row.orgSourcedId!, orgs)
      if (row.schoolYearSourcedId) resolves('courses.csv', r, 'schoolYearSourcedId', row.schoolYearSourcedId, schoolYears)
      if (row.grades) for (const grade of row.grades.split(',')) oneOf('courses.csv', r, 'grades', grade, cedsGrades)
    })
    const courses = ids('courses.csv')
    rows('classes.csv').forEach((row, r) => {
      need('classes.csv', row, r, ['title', 'courseSourcedId', 'classType', 'schoolSourcedId', 'termSourcedIds'])
      oneOf('classes.csv', r, 'classType', row.classType!, ['homeroom', 'scheduled'])
      resolves('classes.csv', r, 'courseSourcedId', row.courseSourcedId!, courses)
      resolves('classes.csv', r, 'schoolSourcedId', row.schoolSourcedId!, schools)
      resolves('classes.csv', r, 'termSourcedIds', row.termSourcedIds!, sessions)
      if (row.grades) for (const grade of row.grades.split(',')) oneOf('classes.csv', r, 'grades', grade, cedsGrades)
    })
    const roleOf = new Map<string, string>()
    rows('users.csv').forEach((row, r) => {
      need('users.csv', row, r, format === 'oneroster'
        ? ['enabledUser', 'orgSourcedIds', 'role', 'username', 'givenName', 'familyName']
        : ['enabledUser', 'username', 'givenName', 'familyName'])
      oneOf('users.csv', r, 'enabledUser', row.enabledUser!, ['true', 'false'])
      if (format === 'oneroster') {
        oneOf('users.csv', r, 'role', row.role!, ['administrator', 'aide', 'guardian', 'parent', 'proctor', 'relative', 'student', 'teacher'])
        resolves('users.csv', r, 'orgSourcedIds', row.orgSourcedIds!, orgs)
        roleOf.set(row.sourcedId!, row.role!)
      } else if (row.primaryOrgSourcedId) resolves('users.csv', r, 'primaryOrgSourcedId', row.primaryOrgSourcedId, orgs)
      for (const column of ['email', 'sms', 'phone', 'password']) if (row[column]) problems.push(`users.csv line ${r + 2}: ${column} must be empty`)
      if (row.grades) for (const grade of row.grades.split(',')) oneOf('users.csv', r, 'grades', grade, cedsGrades)
    })
    const users = ids('users.csv')
    if (format === 'oneroster12') {
      const primaryRoles = new Map<string, number>()
      const placed = new Set(rows('roles.csv').map(row => `${row.userSourcedId} ${row.orgSourcedId}`))
      rows('roles.csv').forEach((row, r) => {
        need('roles.csv', row, r, ['userSourcedId', 'roleType', 'role', 'orgSourcedId'])
        oneOf('roles.csv', r, 'roleType', row.roleType!, ['primary', 'secondary'])
        oneOf('roles.csv', r, 'role', row.role!, oneRoster12Roles)
        resolves('roles.csv', r, 'userSourcedId', row.userSourcedId!, users)
        resolves('roles.csv', r, 'orgSourcedId', row.orgSourcedId!, orgs)
        if (row.userProfileSourcedId) problems.push(`roles.csv line ${r + 2}: names a user profile, but the set has no userProfiles.csv`)
        for (const column of ['beginDate', 'endDate']) {
          if (row[column] && !dayShape.test(row[column])) problems.push(`roles.csv line ${r + 2}: ${column} is not YYYY-MM-DD`)
        }
        if (row.roleType !== 'primary') return
        primaryRoles.set(row.userSourcedId!, (primaryRoles.get(row.userSourcedId!) ?? 0) + 1)
        roleOf.set(row.userSourcedId!, row.role!)
      })
      for (const row of rows('users.csv')) {
        if (primaryRoles.get(row.sourcedId!) !== 1) problems.push(`users.csv: ${row.sourcedId} has ${primaryRoles.get(row.sourcedId!) ?? 0} primary roles`)
        if (row.primaryOrgSourcedId && !placed.has(`${row.sourcedId} ${row.primaryOrgSourcedId}`)) {
          problems.push(`users.csv: ${row.sourcedId} has no role at its primaryOrgSourcedId`)
        }
      }
    }
    const classes = ids('classes.csv')
    const primaries = new Map<string, number>()
    rows('enrollments.csv').forEach((row, r) => {
      need('enrollments.csv', row, r, ['classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role'])
      oneOf('enrollments.csv', r, 'role', row.role!, ['administrator', 'proctor', 'student', 'teacher'])
      resolves('enrollments.csv', r, 'classSourcedId', row.classSourcedId!, classes)
      resolves('enrollments.csv', r, 'schoolSourcedId', row.schoolSourcedId!, schools)
      resolves('enrollments.csv', r, 'userSourcedId', row.userSourcedId!, users)
      if (roleOf.get(row.userSourcedId!) !== row.role) problems.push(`enrollments.csv line ${r + 2}: role ${row.role} differs from the user's role`)
      if (row.primary) oneOf('enrollments.csv', r, 'primary', row.primary, ['true', 'false'])
      if (row.primary === 'true') {
        if (row.role !== 'teacher') problems.push(`enrollments.csv line ${r + 2}: primary on a ${row.role}`)
        primaries.set(row.classSourcedId!, (primaries.get(row.classSourcedId!) ?? 0) + 1)
      }
    })
    for (const [classId, count] of primaries) if (count > 1) problems.push(`enrollments.csv: class ${classId} has ${count} primary teachers`)
  } else {
    for (const name of ['orgs.csv', 'users.csv', 'academicSessions.csv', 'courses.csv', 'classes.csv']) unique(name)
    const orgs = ids('orgs.csv')
    const sessions = ids('academicSessions.csv')
    rows('orgs.csv').forEach((row, r) => {
      need('orgs.csv', row, r, ['sourcedId', 'name', 'type'])
      oneOf('orgs.csv', r, 'type', row.type!, ['school', 'district', 'department', 'local', 'state', 'national', 'campus'])
    })
    rows('users.csv').forEach((row, r) => need('users.csv', row, r, ['sourcedId', 'username', 'givenName', 'familyName']))
    const users = ids('users.csv')
    const staffRole = new Map<string, string>()
    rows('roles.csv').forEach((row, r) => {
      need('roles.csv', row, r, ['userSourcedId', 'orgSourcedId', 'role'])
      resolves('roles.csv', r, 'userSourcedId', row.userSourcedId!, users)
      resolves('roles.csv', r, 'orgSourcedId', row.orgSourcedId!, orgs)
      oneOf('roles.csv', r, 'role', row.role!, ['student', 'teacher', 'teacherAssistant'])
      if (row.grade) oneOf('roles.csv', r, 'grade', row.grade, sdsGrades)
      if (row.isPrimary) oneOf('roles.csv', r, 'isPrimary', row.isPrimary, ['true', 'false'])
      if (row.sessionSourcedId) resolves('roles.csv', r, 'sessionSourcedId', row.sessionSourcedId, sessions)
      staffRole.set(row.userSourcedId!, row.role!)
    })
    for (const user of users) if (!staffRole.has(user!)) problems.push(`users.csv: ${user} has no row in roles.csv`)
    rows('academicSessions.csv').forEach((row, r) => {
      need('academicSessions.csv', row, r, ['sourcedId', 'title', 'type', 'schoolYear', 'startDate', 'endDate'])
      oneOf('academicSessions.csv', r, 'type', row.type!, ['schoolYear', 'semester', 'term', 'gradingPeriod'])
      if (!/^2\d{3}$/.test(row.schoolYear!)) problems.push(`academicSessions.csv line ${r + 2}: schoolYear is not YYYY`)
    })
    rows('courses.csv').forEach((row, r) => {
      need('courses.csv', row, r, ['sourcedId', 'orgSourcedId', 'title', 'code'])
      resolves('courses.csv', r, 'orgSourcedId', row.orgSourcedId!, orgs)
      if (row.schoolYearSourcedId) resolves('courses.csv', r, 'schoolYearSourcedId', row.schoolYearSourcedId, sessions)
      if (row.grade) oneOf('courses.csv', r, 'grade', row.grade, sdsGrades)
    })
    const courses = ids('courses.csv')
    rows('classes.csv').forEach((row, r) => {
      need('classes.csv', row, r, ['sourcedId', 'orgSourcedId', 'title'])
      resolves('classes.csv', r, 'orgSourcedId', row.orgSourcedId!, orgs)
      if (row.sessionSourcedIds) resolves('classes.csv', r, 'sessionSourcedIds', row.sessionSourcedIds, sessions)
      if (row.courseSourcedId) resolves('classes.csv', r, 'courseSourcedId', row.courseSourcedId, courses)
    })
    const classes = ids('classes.csv')
    rows('enrollments.csv').forEach((row, r) => {
      need('enrollments.csv', row, r, ['classSourcedId', 'userSourcedId', 'role'])
      oneOf('enrollments.csv', r, 'role', row.role!, ['student', 'teacher'])
      resolves('enrollments.csv', r, 'classSourcedId', row.classSourcedId!, classes)
      resolves('enrollments.csv', r, 'userSourcedId', row.userSourcedId!, users)
      const role = staffRole.get(row.userSourcedId!)
      if ((row.role === 'student') !== (role === 'student')) {
        problems.push(`enrollments.csv line ${r + 2}: role ${row.role} differs from the user's role ${role}`)
      }
    })
  }
  // roster-formats.md: a username is never email-like; any other value (a title, a name) may hold an @.
  for (const row of rows('users.csv')) if (row.username?.includes('@')) problems.push('users.csv: an email-like username')
  if (emailAddress.test(files.map(file => file.content).join('\n'))) problems.push('a file holds an email address')
  return problems
}

/** The rows of one file of a set, by column name. */
export function rosterRows(files: { name: string, content: string }[], name: string): Row[] {
  return readStrictCsv(files.find(file => file.name === name)!.content, [], name).rows
}
