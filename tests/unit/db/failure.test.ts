import { describe, expect, it } from 'vitest'
import { databaseFailureLine, databaseLabel } from '../../../db/failure'

const url = 'postgres://app:s3cret-Pa55@db.example:5432/school'
const failure = (code: string, message = 'boom') => Object.assign(new Error(message), { code })

describe('a database that cannot be reached at start', () => {
  it.each([
    [failure('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:5432'), 'Cannot reach the database at postgres://app:***@db.example:5432/school: connection refused.'],
    [new AggregateError([failure('ECONNREFUSED'), failure('ECONNREFUSED')]), 'Cannot reach the database at postgres://app:***@db.example:5432/school: connection refused.'],
    [failure('ENOTFOUND', 'getaddrinfo ENOTFOUND db.example'), 'Cannot reach the database at postgres://app:***@db.example:5432/school: no such host.'],
    [failure('CONNECT_TIMEOUT', 'write CONNECT_TIMEOUT db.example:5432'), 'Cannot reach the database at postgres://app:***@db.example:5432/school: timed out.'],
    [failure('3D000', 'database "school" does not exist'), 'Cannot use the database at postgres://app:***@db.example:5432/school: database "school" does not exist.'],
    [failure('28P01', 'password authentication failed for user "app" (s3cret-Pa55)'), 'Cannot use the database at postgres://app:***@db.example:5432/school: password authentication failed for user "app" (***).']
  ])('is one line without the password: %s', (error, line) => {
    expect(databaseFailureLine(error, url)).toBe(line)
  })

  it('names the SQLite file it cannot open, and a DATABASE_URL it cannot read', () => {
    expect(databaseFailureLine(failure('SQLITE_CANTOPEN', 'unable to open database file'), 'file:/nowhere/x.db'))
      .toBe('Cannot open the SQLite file /nowhere/x.db: unable to open database file.')
    expect(databaseFailureLine(new Error('DATABASE_URL must start with postgres://, postgresql:// or file:'), 'mysql://root:hunter22@h/db')).toBe('DATABASE_URL must start with postgres://, postgresql:// or file:')
  })

  it('keeps an unexpected failure to one line, with its kind', () => {
    const error = new TypeError('first line\n    at somewhere (file.ts:1:1)')
    expect(databaseFailureLine(error, '')).toBe('Cannot prepare the SQLite file .data/rollbook.db: TypeError: first line')
  })

  it.each([
    ['postgres://app:s3cret-Pa55@db.example:5432/school', 'the database at postgres://app:***@db.example:5432/school'],
    ['postgresql://db.example/school?user=app&password=s3cret-Pa55', 'the database at postgresql://db.example/school?user=app&password=***'],
    ['postgres://app@db.example/school', 'the database at postgres://app@db.example/school'],
    ['', 'the SQLite file .data/rollbook.db']
  ])('labels %s without its password', (given, label) => {
    expect(databaseLabel(given)).toBe(label)
  })
})
