import { publicUrl } from '../domain/shared/public-url'
import type { RelyingParty } from '../domain/accounts/passkeys'

let party: RelyingParty | undefined

/** Passkeys belong to the public URL's host name and are answered only from its origin. */
export function relyingParty(): RelyingParty {
  if (!party) {
    const url = new URL(publicUrl())
    party = { id: url.hostname, origin: url.origin, name: 'Rollbook' }
  }
  return party
}
