import { and, eq, isNull } from 'drizzle-orm'
import { accounts } from '../../../db/schema'
import type { Database } from '../../../db/client'

/*
 * Sign-in accounts: one address, one account in the deployment, at one school. What an account opens
 * there (staff screens, the family portal, both) is access-kinds.ts's to say; staff/ and portal/ give
 * and end the access, never the account's credentials.
 */

export type Account = typeof accounts.$inferSelect

/** Addresses compare without case or surrounding spaces. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** An account that may sign in: known and not removed. */
export async function activeAccountByEmail(database: Database, email: string): Promise<Account | undefined> {
  const [row] = await database.db.select().from(accounts).where(and(eq(accounts.email, normalEmail(email)), isNull(accounts.removedAt)))
  return row
}

export async function activeAccountById(database: Database, accountId: string): Promise<Account | undefined> {
  const [row] = await database.db.select().from(accounts).where(and(eq(accounts.id, accountId), isNull(accounts.removedAt)))
  return row
}
