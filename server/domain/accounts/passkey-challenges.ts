import { and, eq, gt } from 'drizzle-orm'
import { passkeyChallenges } from '../../../db/schema'
import type { Database } from '../../../db/client'
import { currentTime, timestampNow } from '../days/clock'

const challengeLifetimeMs = 5 * 60_000
type ChallengePurpose = 'register' | 'sign_in' | 'step_up'

/** Keeps a challenge handed to the browser for five minutes, for this purpose (and account). */
export async function keepChallenge(database: Database, challenge: string, purpose: ChallengePurpose, accountId: string | null) {
  const expiresAt = new Date(currentTime().getTime() + challengeLifetimeMs).toISOString()
  await database.transaction(tx => tx.insert(passkeyChallenges).values({ challenge, purpose, accountId, expiresAt }))
}

/** Takes a challenge we handed out for this purpose (and account), once: a replayed answer finds it gone. */
export function takeChallenge(database: Database, purpose: ChallengePurpose, accountId: string | null) {
  return async (challenge: string) => {
    const [taken] = await database.transaction(tx => tx.delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, timestampNow())))
      .returning())
    return Boolean(taken) && taken!.accountId === accountId
  }
}
