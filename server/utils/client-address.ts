import type { IncomingHttpHeaders } from 'node:http'
import type { H3Event } from 'h3'
import ipaddr from 'ipaddr.js'
import { runtimeSettings } from './runtime-settings'

type Address = ipaddr.IPv4 | ipaddr.IPv6
/** An address range: one address is a range of its full length. */
export type AddressRange = [Address, number]

/** An address as one form: IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is the IPv4 address it carries. */
function parseAddress(text: string | undefined): Address | undefined {
  if (!text || !ipaddr.isValid(text)) return undefined
  return ipaddr.process(text)
}

/**
 * `TRUSTED_PROXIES`: comma-separated addresses and CIDR ranges. An entry that is neither throws,
 * naming it, so a typo fails the start rather than trusting nothing or everything.
 */
export function parseTrustedProxies(setting: string | undefined): AddressRange[] {
  return (setting ?? '').split(',').map(entry => entry.trim()).filter(Boolean).map((entry) => {
    if (ipaddr.isValidCIDR(entry)) {
      const [address, bits] = ipaddr.parseCIDR(entry)
      // A mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it carries, as addresses are.
      if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
        return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96]
      }
      return [address, bits]
    }
    const address = parseAddress(entry)
    if (!address) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range.`)
    return [address, address.kind() === 'ipv4' ? 32 : 128]
  })
}

const isTrusted = (address: Address, trusted: readonly AddressRange[]) =>
  trusted.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))

/** One hop of `Forwarded`'s `for=` or of `X-Forwarded-For`, without quotes, brackets or port. */
function hopAddress(hop: string): Address | undefined {
  const text = hop.trim().replace(/^"|"$/g, '')
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) return parseAddress(bracketed[1])
  const withPort = /^([\d.]+):\d+$/.exec(text)
  return parseAddress(withPort ? withPort[1] : text)
}

/** The hops a proxy chain reports, the client first: `Forwarded` when sent, else `X-Forwarded-For`. */
function reportedHops(headers: IncomingHttpHeaders): string[] {
  const forwarded = [headers.forwarded ?? []].flat().join(',')
  if (forwarded) {
    return forwarded.split(',').map(element => /(?:^|;)\s*for=("[^"]*"|[^;]*)/i.exec(element)?.[1] ?? '')
  }
  return [headers['x-forwarded-for'] ?? []].flat().join(',').split(',').filter(hop => hop.trim())
}

/**
 * The client's address: the peer's, unless the peer is a trusted proxy; then the right-most hop it
 * reports that is not itself trusted (what the client wrote before the proxy's own entry counts for
 * nothing). A hop that is no address ends the walk at the last trusted one.
 */
export function clientAddressOf(peer: string | undefined, headers: IncomingHttpHeaders, trusted: readonly AddressRange[]): string {
  let client = parseAddress(peer)
  if (!client) return peer || 'unknown'
  if (!trusted.length || !isTrusted(client, trusted)) return client.toString()
  for (const hop of reportedHops(headers).reverse()) {
    const address = hopAddress(hop)
    if (!address) break
    client = address
    if (!isTrusted(address, trusted)) break
  }
  return client.toString()
}

/** The address per-address limits count, by `TRUSTED_PROXIES` (docs/operations.md, "Behind a reverse proxy"). */
export function clientAddress(event: H3Event): string {
  return clientAddressOf(event.node.req.socket.remoteAddress, event.node.req.headers, runtimeSettings.trustedProxies)
}

const loopbackHost = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i

/**
 * Whether a request comes from the server's own machine and no further: a loopback peer that names a
 * loopback host and carries no forwarding header. A reverse proxy on the machine is a loopback peer
 * too, but it passes on the public host or a forwarding header; a page that rebinds its DNS name to
 * 127.0.0.1 names its own host.
 */
export function comesFromOwnMachine(peer: string | undefined, headers: IncomingHttpHeaders): boolean {
  if (parseAddress(peer)?.range() !== 'loopback') return false
  if (!loopbackHost.test(headers.host ?? '')) return false
  return !Object.keys(headers).some(name => name === 'forwarded' || name.startsWith('x-forwarded-'))
}

/** `comesFromOwnMachine` for a request. */
export function isOwnMachineRequest(event: H3Event): boolean {
  return comesFromOwnMachine(event.node.req.socket.remoteAddress, event.node.req.headers)
}
