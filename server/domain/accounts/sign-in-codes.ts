import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { signInCodes } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { sendMail } from '../mail/send-mail'
import { renderMail } from '../mail/mail-kinds'
import { accountMailReader } from '../mail/mail-reader'
import { currentTime } from '../days/clock'
import { domainError } from '../shared/domain-error'
import { newId } from '../shared/ids'
import { faultSummary, logger } from '../shared/log'
import { activeAccountByEmail, activeAccountById, normalEmail } from './accounts'

export const codeLifetimeMs = 10 * 60_000
export const codeTries = 5
export const codesPerAddressAndClientPerHour = 5

function codeHash(codeId: string, code: string): string {
  return createHash('sha256').update(`${codeId}:${code}`).digest('hex')
}

/**
 * Emails a six-digit code to a member of staff. An unknown address gets a row as well (with nothing
 * sent), so the answer and the limit are exactly the same whether or not it is known. Codes are
 * counted and replaced per address and client (`client`: the caller's address, server/utils says
 * which), so a flood of requests for someone's address from elsewhere neither uses up their hour
 * nor replaces the code they asked for. The mail is sent after the answer is decided and not
 * waited for, so the time taken says nothing either.
 */
export async function requestSignInCode(database: Database, rawEmail: string, client: string) {
  const email = normalEmail(rawEmail)
  const now = currentTime()
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString()
  const [{ count }] = await database.db.select({ count: sql<number>`count(*)` }).from(signInCodes)
    .where(and(eq(signInCodes.email, email), eq(signInCodes.client, client), gt(signInCodes.createdAt, hourAgo))) as [{ count: number }]
  if (Number(count) >= codesPerAddressAndClientPerHour) {
    throw domainError(
      'rate_limited',
      [`At most ${codesPerAddressAndClientPerHour} codes an hour are sent to one address from one place; use the last one sent, or try again later.`]
    )
  }
  const account = await activeAccountByEmail(database, email)
  const id = newId('sic')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await database.transaction(async (tx) => {
    await tx.update(signInCodes).set({ replacedAt: now.toISOString() })
      .where(and(eq(signInCodes.email, email), eq(signInCodes.client, client), isNull(signInCodes.replacedAt), isNull(signInCodes.usedAt)))
    await tx.insert(signInCodes).values({
      id, email, client, accountId: account?.id ?? null, codeHash: codeHash(id, code),
      createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + codeLifetimeMs).toISOString(), failedTries: 0, usedAt: null, replacedAt: null
    })
  })
  if (account) {
    // The reader's language is read after the answer too: only a known address has a person to ask about.
    accountMailReader(database, account)
      .then(reader => sendMail(database, { to: email, ...renderMail('signInCode', reader, { code }) }))
      .catch(error => logger.error({ fault: faultSummary(error) }, 'Sending a sign-in code failed'))
  }
  return { sent: true as const }
}

const refused = () => domainError(
  'unauthenticated',
  ['That code is not valid: it may be wrong, used, replaced by a newer one, older than ten minutes, tried too often or asked for from another network. Ask for a new one.']
)

/** What a refusal without a code on file is compared against, so it hashes and compares like any other. */
const noCode = { id: 'sic_none', codeHash: codeHash('sic_none', 'none') }

/**
 * The account a code signs in, once, answered from the client that asked for it. A wrong code
 * counts a try; after five the code is dead, even for the right digits. Every refusal reads the
 * same and does the same work as an acceptance (one read of the code, one hash and constant-time
 * comparison, one update, one read of the account), so neither the answer nor its time says
 * whether the address has an account or the digits were right.
 */
export async function verifySignInCode(database: Database, rawEmail: string, client: string, code: string) {
  const email = normalEmail(rawEmail)
  const now = currentTime().toISOString()
  const [row] = await database.db.select().from(signInCodes)
    .where(and(eq(signInCodes.email, email), eq(signInCodes.client, client), isNull(signInCodes.usedAt), isNull(signInCodes.replacedAt)))
    .orderBy(desc(signInCodes.createdAt)).limit(1)
  const candidate = row ?? noCode
  const rightDigits = timingSafeEqual(Buffer.from(codeHash(candidate.id, code), 'hex'), Buffer.from(candidate.codeHash, 'hex'))
  const accepted = rightDigits && /^\d{6}$/.test(code) && row?.accountId != null && row.expiresAt > now && row.failedTries < codeTries
  // The try count is checked again in the same statement, so wrong guesses racing the right one cannot slip past five.
  const [counted] = await database.transaction(tx => tx.update(signInCodes)
    .set(accepted ? { usedAt: now } : { failedTries: sql`${signInCodes.failedTries} + 1` })
    .where(and(eq(signInCodes.id, candidate.id), isNull(signInCodes.usedAt), lt(signInCodes.failedTries, codeTries)))
    .returning({ accountId: signInCodes.accountId }))
  const account = await activeAccountById(database, accepted && counted?.accountId ? counted.accountId : noCode.id)
  if (!accepted || !account) throw refused()
  return account
}
