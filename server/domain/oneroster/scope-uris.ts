import { oneRosterScopes, type OneRosterScope } from '../../../shared/vocabulary'

/** The binding versions served, each naming its scopes under its own URI. */
const scopeVersions = ['v1p2', 'v1p1'] as const

const scopeUri = (version: typeof scopeVersions[number], scope: OneRosterScope) => `https://purl.imsglobal.org/spec/or/${version}/scope/${scope}`

/** Each scope URI of either version, with the one scope a client holds that it names. */
const scopeByUri = new Map<string, OneRosterScope>(scopeVersions.flatMap(version => oneRosterScopes.map(scope => [scopeUri(version, scope), scope] as const)))

/** The URIs of both versions for the scopes given, 1.2's first, as a token answer's `scope` lists them. */
export function scopeUrisOf(scopes: readonly OneRosterScope[]): string[] {
  return scopeVersions.flatMap(version => oneRosterScopes.filter(scope => scopes.includes(scope)).map(scope => scopeUri(version, scope)))
}

/** A scope of a OneRoster service Rollbook does not serve (gradebook, resources, demographics), in either version's words. */
const unservedScope = /^https:\/\/purl\.imsglobal\.org\/spec\/or\/v1p[12]\/scope\/[\w.-]+$/

/**
 * The scopes a token request's `scope` asks for (RFC 6749 §3.3: URIs apart by spaces), or the URIs it names that are
 * no OneRoster scope at all. A client may ask in 1.1's words or 1.2's; either grants the same reading. A scope of a
 * OneRoster service Rollbook does not serve is passed over, not refused: Google's conformance test asks for the
 * gradebook's scopes beside the roster's, and the token's `scope` says what was granted (RFC 6749 §3.3 lets the
 * server grant less than asked).
 */
export function readRequestedScopes(requested: string): { scopes: OneRosterScope[], unknown: string[] } {
  const named = requested.split(' ').filter(Boolean)
  const unknown = named.filter(uri => !scopeByUri.has(uri) && !unservedScope.test(uri))
  const scopes = oneRosterScopes.filter(scope => named.some(uri => scopeByUri.get(uri) === scope))
  return { scopes, unknown }
}

/** Whether a stored word is one of the scopes a client can hold. */
export function isOneRosterScope(word: string): word is OneRosterScope {
  return (oneRosterScopes as readonly string[]).includes(word)
}
