import { createHash, randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { signInCodes } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { sendMail } from '../mail/send-mail'
import { currentTime } from '../shared/clock'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { faultSummary, logger } from '../shared/log'
import { activeAccountByEmail, activeAccountById, normalEmail } from './accounts'

export const codeLifetimeMs = 10 * 60_000
export const codeTries = 5
export const codesPerAddressPerHour = 5

function codeHash(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex')
}

/**
 * Emails a six-digit code to a member of staff. An unknown address gets a row as well (with nothing
 * sent), so the answer and the per-address limit are exactly the same whether or not it is known.
 * A new code replaces the address's earlier ones. The mail is sent after the answer is decided and
 * not waited for, so the time taken says nothing either.
 */
export async function requestSignInCode(database: Database, rawEmail: string) {
  const email = normalEmail(rawEmail)
  const now = currentTime()
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString()
  const [{ count }] = await database.db.select({ count: sql<number>`count(*)` }).from(signInCodes)
    .where(and(eq(signInCodes.email, email), gt(signInCodes.createdAt, hourAgo))) as [{ count: number }]
  if (Number(count) >= codesPerAddressPerHour) {
    throw domainError('rate_limited', [`At most ${codesPerAddressPerHour} codes an hour are sent to one address; use the last one sent, or try again later.`])
  }
  const account = await activeAccountByEmail(database, email)
  const id = newId('sic')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await database.transaction(async (tx) => {
    await tx.update(signInCodes).set({ replacedAt: now.toISOString() }).where(and(eq(signInCodes.email, email), isNull(signInCodes.replacedAt), isNull(signInCodes.usedAt)))
    await tx.insert(signInCodes).values({
      id, email, accountId: account?.id ?? null, codeHash: codeHash(id, code),
      createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + codeLifetimeMs).toISOString(), failedTries: 0, usedAt: null, replacedAt: null
    })
  })
  if (account) {
    sendMail(database, {
      to: email,
      subject: `Your Rollbook sign-in code: ${code}`,
      text: `Your sign-in code is ${code}.\n\nIt works once, for ten minutes. If you did not ask for it, ignore this mail: nobody can sign in without the code.`
    }).catch(error => logger.error({ fault: faultSummary(error) }, 'Sending a sign-in code failed'))
  }
  return { sent: true as const }
}

const refused = () => domainError('unauthenticated', ['That code is not valid: it may be wrong, used, replaced by a newer one, older than ten minutes or tried too often. Ask for a new one.'])

/**
 * The account a code signs in, once. A wrong code counts a try; after five the code is dead, even
 * for the right digits. Every refusal reads the same.
 */
export async function verifySignInCode(database: Database, rawEmail: string, code: string) {
  const email = normalEmail(rawEmail)
  const now = currentTime().toISOString()
  const [row] = await database.db.select().from(signInCodes)
    .where(and(eq(signInCodes.email, email), isNull(signInCodes.usedAt), isNull(signInCodes.replacedAt)))
    .orderBy(desc(signInCodes.createdAt)).limit(1)
  if (!row || !row.accountId || row.expiresAt <= now || row.failedTries >= codeTries) throw refused()
  if (!/^\d{6}$/.test(code) || codeHash(row.id, code) !== row.codeHash) {
    await database.transaction(tx => tx.update(signInCodes).set({ failedTries: sql`${signInCodes.failedTries} + 1` }).where(eq(signInCodes.id, row.id)))
    throw refused()
  }
  // The try count is checked again in the same statement, so wrong guesses racing the right one cannot slip past five.
  const used = await database.transaction(tx => tx.update(signInCodes).set({ usedAt: now })
    .where(and(eq(signInCodes.id, row.id), isNull(signInCodes.usedAt), lt(signInCodes.failedTries, codeTries)))
    .returning({ id: signInCodes.id }))
  const account = used.length ? await activeAccountById(database, row.accountId) : undefined
  if (!account) throw refused()
  return account
}
