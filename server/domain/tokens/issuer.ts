import { recordedActor, type Actor } from '../shared/actor'

/**
 * Who issued a token or made a OneRoster client, as its row keeps it: a member of staff by their account's id (the
 * lists show their email, and removing the account's sign-ins finds their tokens by it), anyone else in the recorded
 * form (`system:cli`).
 */
export function issuerOf(actor: Actor): string {
  return actor.kind === 'staff' ? actor.accountId : recordedActor(actor)
}

/** Tokens the CLI issued before the recorded form was one were kept as `cli`: shown as it is recorded now. */
export const shownIssuer = (issuedBy: string | null) => issuedBy === 'cli' ? recordedActor({ kind: 'system', name: 'cli' }) : issuedBy
