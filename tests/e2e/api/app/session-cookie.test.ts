import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { outboxMails } from '../../../../db/schema'
import { readDatabaseConfig, sqliteFilesOf } from '../../../../db/config'
import { createSchool } from '../../../../server/domain/schools/create-school'
import { requireSchool } from '../../../../server/domain/schools/find-school'
import { systemContext } from '../../../../server/domain/shared/context'
import { addStaffAccount } from '../../../../server/domain/staff/staff-access'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { projectRoot } from '../../../support/server-process'
import { startServerOnOwnDatabase, type OwnServer } from '../../../support/own-server'
import { uniqueEmail } from '../../../support/staff-sessions'

/** A server whose public address is https (docs/security.md, section 9); nothing here speaks TLS, the cookie's name and flags are the point. */
describe('the session cookie behind an https public address', () => {
  let own: OwnServer
  let email: string
  beforeAll(async () => {
    own = await startServerOnOwnDatabase('session-cookie', { PUBLIC_URL: 'https://rollbook.example' })
    const { id } = await createSchool(own.database, { name: 'Cookie school', timeZone: 'Australia/Sydney' })
    email = uniqueEmail()
    await addStaffAccount(systemContext(own.database, await requireSchool(own.database, id), 'test'), { email, role: 'office' })
  })
  afterAll(() => own?.stop())
  const call = (path: string, request: { method?: string, body?: unknown, cookie?: string } = {}) =>
    callApi(path, { baseUrl: own.server.url, method: request.method, body: request.body, headers: request.cookie ? { cookie: request.cookie } : {} })

  async function mailedCode(): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const [mail] = await own.database.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.createdAt)).limit(1)
      const code = mail ? /code is (\d{6})/.exec(mail.text)?.[1] : undefined
      if (code) return code
      await new Promise(done => setTimeout(done, 100))
    }
    throw new Error(`No mail reached ${email}`)
  }

  it('is __Host-rollbook_session, Secure, for Path=/ and without Domain, and only that name is read', async () => {
    expect((await call('/api/app/session/code', { body: { email } })).status).toBe(200)
    const signedIn = await call('/api/app/session/code/verify', { body: { email, code: await mailedCode() } })
    expect(signedIn.status).toBe(200)
    const [line] = signedIn.headers.getSetCookie().filter(header => header.includes('rollbook_session='))
    expect(line).toMatch(/^__Host-rollbook_session=[^;]+;/)
    const attributes = line!.split(';').slice(1).map(part => part.trim().toLowerCase())
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'path=/', 'httponly', 'samesite=lax']))
    expect(attributes.some(part => part.startsWith('domain'))).toBe(false)

    const secret = line!.split(';')[0]!.split('=')[1]!
    expect((await call('/api/app/session', { cookie: `__Host-rollbook_session=${secret}` })).status).toBe(200)
    expectEnvelope(await call('/api/app/session', { cookie: `rollbook_session=${secret}` }), 401, 'unauthenticated')

    const signedOut = await call('/api/app/session', { method: 'DELETE', cookie: `__Host-rollbook_session=${secret}` })
    expect(signedOut.status).toBe(200)
    expect(signedOut.headers.getSetCookie().join('\n')).toMatch(/^__Host-rollbook_session=;.*Secure/im)
  })

  it.runIf(readDatabaseConfig().dialect === 'sqlite')('keeps the built server\'s SQLite files 0600', async () => {
    const { path } = readDatabaseConfig(own.databaseUrl) as { path: string }
    const files = sqliteFilesOf(resolve(projectRoot, path)).filter(file => existsSync(file))
    expect(files.map(file => file.slice(file.lastIndexOf('.db')))).toEqual(expect.arrayContaining(['.db', '.db-wal', '.db-shm', '.db-counters']))
    expect(files.map(file => [file, (statSync(file).mode & 0o777).toString(8)])).toEqual(files.map(file => [file, '600']))
  })
})
