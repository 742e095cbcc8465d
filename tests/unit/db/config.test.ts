import { describe, expect, it } from 'vitest'
import { readDatabaseConfig } from '../../../db/config'

describe('a read replica in the database settings', () => {
  it('is kept beside a PostgreSQL primary', () => {
    expect(readDatabaseConfig('postgres://app@db/school', 'postgres://app@replica/school'))
      .toEqual({ dialect: 'postgresql', url: 'postgres://app@db/school', replicaUrl: 'postgres://app@replica/school' })
  })

  it('is absent when not set, so every read goes to the primary', () => {
    expect(readDatabaseConfig('postgres://app@db/school', undefined)).toEqual({ dialect: 'postgresql', url: 'postgres://app@db/school' })
  })

  it.each([undefined, 'file:.data/school.db'])('is refused at start with SQLite (DATABASE_URL %j)', (url) => {
    expect(() => readDatabaseConfig(url, 'postgres://app@replica/school')).toThrow('DATABASE_REPLICA_URL is for PostgreSQL only')
  })

  it('is refused when it is not a PostgreSQL address', () => {
    expect(() => readDatabaseConfig('postgres://app@db/school', 'mysql://replica')).toThrow('DATABASE_REPLICA_URL must start with postgres://')
  })
})
