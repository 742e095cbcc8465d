import type { RelyingParty } from '../domain/staff/passkeys'

/** Where people and programs reach this service: `PUBLIC_URL` without a trailing slash, `http://localhost:3000` by default. */
export function publicUrl(): string {
  return (process.env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, '')
}

let party: RelyingParty | undefined

/** Passkeys belong to the public URL's host name and are answered only from its origin. */
export function relyingParty(): RelyingParty {
  if (!party) {
    const url = new URL(publicUrl())
    party = { id: url.hostname, origin: url.origin, name: 'Rollbook' }
  }
  return party
}

/** The address a new member of staff follows once to sign in and register a passkey. */
export function signInLinkUrl(secret: string): string {
  return `${publicUrl()}/sign-in/link?token=${secret}`
}
