import { afterAll } from 'vitest'
import { openDatabase, type Database } from '../../db/client'
import { createSchool, type CreateSchoolInput } from '../../server/domain/schools/create-school'
import { requireSchool } from '../../server/domain/schools/find-school'
import { issueToken } from '../../server/domain/tokens/manage-tokens'
import type { Scope } from '../../server/domain/access/catalogue'
import { systemContext, type DomainContext } from '../../server/domain/shared/context'

let shared: Database | undefined

/** The test process's own connection to the server's database, closed after the file. */
export function testDatabase(): Database {
  if (!shared) {
    shared = openDatabase()
    const opened = shared
    afterAll(async () => {
      await opened.close()
      shared = undefined
    })
  }
  return shared
}

/** A new school, so every test file works on data no other file touches. */
export async function newSchool(input: Partial<CreateSchoolInput> = {}) {
  const database = testDatabase()
  const { id } = await createSchool(database, { name: input.name ?? 'Test School', timeZone: input.timeZone ?? 'Australia/Sydney', campuses: input.campuses })
  const school = await requireSchool(database, id)
  const context: DomainContext = systemContext(database, school, 'test')
  return {
    id,
    school,
    context,
    database,
    token: async (scopes: Scope[], options: { issuedVia?: 'settings' | 'rostering', expiresInDays?: number } = {}) =>
      (await issueToken(context, { purpose: 'test', scopes, ...options })).token,
    tokenWithId: (scopes: Scope[]) => issueToken(context, { purpose: 'test', scopes })
  }
}
