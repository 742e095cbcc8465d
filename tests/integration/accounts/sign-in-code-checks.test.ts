import { beforeAll, describe, expect, it, vi } from 'vitest'
import { and, desc, eq } from 'drizzle-orm'
import * as crypto from 'node:crypto'
import { outboxMails, signInCodes } from '../../../db/schema'
import type { Database, Db } from '../../../db/client'
import { addStaffAccount } from '../../../server/domain/staff/staff-access'
import { requestSignInCode, verifySignInCode } from '../../../server/domain/accounts/sign-in-codes'
import type { DomainError } from '../../../server/domain/shared/domain-error'
import { newSchool } from '../../support/schools'
import { uniqueEmail } from '../../support/staff-sessions'

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>()
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) }
})

/** The database with every statement the code's checks make noted by kind, in order. */
function traced(database: Database) {
  const trace: string[] = []
  const watch = (db: Db, where: string) => new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (typeof key !== 'string' || !['select', 'insert', 'update', 'delete', 'execute', 'run', 'all'].includes(key)) return value
      return (...args: unknown[]) => {
        trace.push(`${where}.${key}`)
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    }
  })
  const watched: Database = {
    ...database,
    db: watch(database.db, 'read'),
    transaction: (work) => {
      trace.push('transaction')
      return database.transaction(tx => work(watch(tx, 'tx')))
    }
  }
  return { trace, database: watched }
}

describe('answering a sign-in code', () => {
  let school: Awaited<ReturnType<typeof newSchool>>
  beforeAll(async () => {
    school = await newSchool()
  })

  async function mailedCode(email: string) {
    for (let i = 0; i < 800; i++) {
      const [mail] = await school.database.db.select().from(outboxMails).where(eq(outboxMails.to, email))
        .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id)).limit(1)
      if (mail) return /code is (\d{6})/.exec(mail.text)![1]!
      await new Promise(done => setTimeout(done, 50))
    }
    throw new Error(`No mail reached ${email}`)
  }
  async function memberWithCode(client = 'client-a') {
    const { email } = await addStaffAccount(school.context, { email: uniqueEmail(), role: 'office' })
    await requestSignInCode(school.database, email, client)
    return { email, code: await mailedCode(email) }
  }
  const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  /** Answers a code and says how: the statements made, the constant-time comparisons, the outcome. */
  async function answer(email: string, code: string, client = 'client-a') {
    const { trace, database } = traced(school.database)
    const compare = vi.mocked(crypto.timingSafeEqual)
    compare.mockClear()
    const outcome = await verifySignInCode(database, email, client, code).then(() => 'signed in', (error: DomainError) => error.code)
    return { trace, comparisons: compare.mock.calls.length, outcome }
  }

  it('does the same work for a right code as for every kind of refusal', async () => {
    const right = await memberWithCode()
    const wrong = await memberWithCode()
    const unknown = uniqueEmail('nobody')
    await requestSignInCode(school.database, unknown, 'client-a')
    const elsewhere = await memberWithCode('client-b')
    const expired = await memberWithCode()
    await school.database.transaction(tx => tx.update(signInCodes).set({ expiresAt: '2000-01-01T00:00:00.000Z' }).where(eq(signInCodes.email, expired.email)))
    const tired = await memberWithCode()
    await school.database.transaction(tx => tx.update(signInCodes).set({ failedTries: 5 }).where(eq(signInCodes.email, tired.email)))

    const answers = {
      right: await answer(right.email, right.code),
      wrong: await answer(wrong.email, wrongFor(wrong.code)),
      unknownAddress: await answer(unknown, '123456'),
      neverAsked: await answer(uniqueEmail('nobody'), '123456'),
      anotherClient: await answer(elsewhere.email, elsewhere.code),
      expired: await answer(expired.email, expired.code),
      triedTooOften: await answer(tired.email, tired.code),
      usedAlready: await answer(right.email, right.code)
    }
    expect(answers.right.outcome).toBe('signed in')
    for (const [name, { outcome }] of Object.entries(answers)) if (name !== 'right') expect([name, outcome]).toEqual([name, 'unauthenticated'])
    const work = ['read.select', 'transaction', 'tx.update', 'read.select']
    for (const [name, { trace, comparisons }] of Object.entries(answers)) expect([name, trace, comparisons]).toEqual([name, work, 1])
  })

  it('counts a wrong code against the client\'s code only, and kills it after five', async () => {
    const { email, code } = await memberWithCode('client-a')
    await requestSignInCode(school.database, email, 'client-b')
    for (let i = 0; i < 5; i++) expect((await answer(email, wrongFor(code), 'client-b')).outcome).toBe('unauthenticated')
    const rows = await school.database.db.select().from(signInCodes).where(and(eq(signInCodes.email, email)))
    expect(rows.map(row => [row.client, row.failedTries]).sort()).toEqual([['client-a', 0], ['client-b', 5]])
    expect((await answer(email, code, 'client-a')).outcome).toBe('signed in')
  })
})
