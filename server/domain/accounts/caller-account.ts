import { and, eq, isNull } from 'drizzle-orm'
import { accounts } from '../../../db/schema'
import type { DomainContext } from '../shared/context'
import { domainError } from '../shared/domain-error'
import type { Account } from './accounts'

/*
 * A member's own credentials (passkeys, sessions) are reached through the caller the context
 * carries, never through an account id the route hands over: no route can act on another
 * member's passkeys by passing the wrong id.
 */

/** The account of the signed-in member of staff the context acts for; anyone else has no credentials of their own here. */
export function callerAccountId(ctx: DomainContext): string {
  if (ctx.actor.kind !== 'staff') throw domainError('forbidden', ['Only a signed-in member of staff has passkeys and sessions of their own.'])
  return ctx.actor.accountId
}

/** The session the signed-in member acts through (signing out, a passkey proof renewing it). */
export function callerSessionId(ctx: DomainContext): string {
  if (ctx.actor.kind !== 'staff' || !ctx.actor.sessionId) {
    throw domainError('forbidden', ['Only a member of staff signed in through a session has one to end or renew.'])
  }
  return ctx.actor.sessionId
}

/**
 * The caller's account as it is now, for what needs more than its id (the address a notice goes to).
 * Not filtered by the school: the session that named the account is at the school, and an account
 * working at several schools has its home at one of them.
 */
export async function callerAccount(ctx: DomainContext): Promise<Account> {
  const accountId = callerAccountId(ctx)
  const [row] = await ctx.database.db.select().from(accounts).where(and(eq(accounts.id, accountId), isNull(accounts.removedAt)))
  if (!row) throw domainError('unauthenticated', ['Sign in first: your account no longer has access.'])
  return row
}
