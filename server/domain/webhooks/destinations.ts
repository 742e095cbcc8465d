/**
 * Where a webhook may be sent (docs/decisions.md, "Events"; docs/webhooks.md): `https` to public
 * addresses only. A destination is checked when it is set and again at every attempt, against the
 * address then actually connected to: the name is resolved here, every address it resolves to must
 * be public, and the request goes to that checked address (postWebhook), so a DNS answer that
 * changes between the check and the connection cannot reach the school's own network.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>

export interface DestinationPolicy {
  /** `WEBHOOKS_ALLOW_PRIVATE=true`: loopback addresses and `http://` too, for development and tests only. */
  allowPrivate: boolean
  resolveHost: ResolveHost
}

/** The operating system's resolver, every address it gives in its own order. */
export const systemResolver: ResolveHost = async hostname =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))

let currentPolicy: DestinationPolicy = { allowPrivate: false, resolveHost: systemResolver }

/** Set once at start-up, from `WEBHOOKS_ALLOW_PRIVATE` (the server's runtime settings, the CLI). */
export function setDestinationPolicy(changes: Partial<DestinationPolicy>) {
  currentPolicy = { ...currentPolicy, ...changes }
}

export function destinationPolicy(): DestinationPolicy {
  return currentPolicy
}

export const maximumUrlLength = 2048

/** The URL a destination names, or why it cannot be one (before any lookup). */
export function destinationUrl(raw: string, policy: DestinationPolicy): { url: URL } | { refused: string } {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { refused: 'Not an absolute URL.' }
  }
  if (raw.length > maximumUrlLength) return { refused: `A destination URL has at most ${maximumUrlLength} characters.` }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) return { refused: 'A destination must be an https:// URL, so that what is sent is encrypted on its way.' }
  if (url.username || url.password) return {
    refused: 'A destination URL carries no user name or password: anyone who can read the settings would see them. The receiver checks each delivery\'s signature instead.'
  }
  if (url.hash) return { refused: 'A destination URL has no #fragment.' }
  return { url }
}

// IPv4-compatible IPv6 (::a.b.c.d) is deprecated and ipaddr.js calls it unicast; nothing public uses it.
const ipv4Compatible = ipaddr.parseCIDR('::/96')

/** Why an address may not be connected to, or nothing when it may. Only public unicast is allowed. */
export function addressRefusal(address: string, policy: Pick<DestinationPolicy, 'allowPrivate'>): string | undefined {
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  let range: string = parsed.range()
  if (range === 'unicast' && parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(ipv4Compatible)) range = 'IPv4-compatible'
  if (range === 'unicast' || (range === 'loopback' && policy.allowPrivate)) return undefined
  return `${address} is not a public address (${range}).`
}

/** The host of a URL as a resolver or an address check takes it: an IPv6 literal without its brackets. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
}

/**
 * The one address to connect to for `url`, after checking every address its host resolves to (one
 * private answer among public ones refuses it all), or why there is none.
 */
export async function resolveDestination(url: URL, policy: DestinationPolicy): Promise<{ address: ResolvedAddress } | { refused: string }> {
  const host = hostOf(url)
  let addresses: ResolvedAddress[]
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }]
  } else {
    try {
      addresses = await policy.resolveHost(host)
    } catch (error) {
      return { refused: `${host} does not resolve (${(error as { code?: string }).code ?? 'lookup failed'}).` }
    }
    if (addresses.length === 0) return { refused: `${host} does not resolve.` }
  }
  for (const { address } of addresses) {
    const refusal = ipaddr.isValid(address) ? addressRefusal(address, policy) : `${address} is not an address.`
    if (refusal) return { refused: isIP(host) ? refusal : `${host} resolves to ${refusal}` }
  }
  return { address: addresses[0]! }
}

/** Checks a destination as it is set: its form, then every address it resolves to. */
export async function checkDestination(raw: string, policy: DestinationPolicy): Promise<{ url: URL } | { refused: string }> {
  const parsed = destinationUrl(raw, policy)
  if ('refused' in parsed) return parsed
  const resolved = await resolveDestination(parsed.url, policy)
  if ('refused' in resolved) return { refused: `${resolved.refused} Webhooks go only to addresses on the public internet, never into a private network.` }
  return parsed
}
