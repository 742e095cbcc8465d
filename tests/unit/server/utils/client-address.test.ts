import { describe, expect, it } from 'vitest'
import { clientAddressOf, comesFromOwnMachine, parseTrustedProxies } from '../../../../server/utils/client-address'

describe('the client address behind proxies', () => {
  const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, ::1')

  it.each([
    ['no proxy is trusted: the peer, whatever the headers say', '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }, [], '127.0.0.1'],
    ['an untrusted peer: its own address', '203.0.113.9', { 'x-forwarded-for': '198.51.100.7' }, proxies, '203.0.113.9'],
    ['a trusted peer: the address it reports', '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }, proxies, '198.51.100.7'],
    [
      'the right-most untrusted hop, not what the client wrote before it', '127.0.0.1', { 'x-forwarded-for': '192.0.2.1, 198.51.100.7, 10.1.2.3' },
      proxies, '198.51.100.7'
    ],
    ['Forwarded, quoted IPv6 with a port', '::1', { forwarded: 'for=192.0.2.1, for="[2001:db8::17]:4711";proto=https' }, proxies, '2001:db8::17'],
    ['Forwarded before X-Forwarded-For', '127.0.0.1', { 'forwarded': 'for=198.51.100.8', 'x-forwarded-for': '198.51.100.9' }, proxies, '198.51.100.8'],
    ['an IPv4 hop with a port', '127.0.0.1', { 'x-forwarded-for': '198.51.100.7:5555' }, proxies, '198.51.100.7'],
    ['an IPv4-mapped peer is the IPv4 one', '::ffff:127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }, proxies, '198.51.100.7'],
    [
      'a hop that is no address ends the walk at the last trusted one', '127.0.0.1', { 'x-forwarded-for': '198.51.100.7, unknown, 10.1.2.3' },
      proxies, '10.1.2.3'
    ],
    ['every hop trusted: the left-most', '127.0.0.1', { 'x-forwarded-for': '10.9.9.9, 10.1.2.3' }, proxies, '10.9.9.9'],
    ['a trusted peer that reports nothing: the peer', '127.0.0.1', {}, proxies, '127.0.0.1']
  ])('%s', (_, peer, headers, trusted, expected) => {
    expect(clientAddressOf(peer, headers, trusted)).toBe(expected)
  })

  it('refuses a setting it cannot read, naming the entry', () => {
    expect(() => parseTrustedProxies('10.0.0.0/8, proxy.internal')).toThrow(/proxy\.internal/)
    expect(parseTrustedProxies('')).toEqual([])
    expect(parseTrustedProxies(undefined)).toEqual([])
  })
})

describe('a request from the server\'s own machine', () => {
  it.each([
    ['127.0.0.1', { host: 'localhost:3000' }, true],
    ['127.0.0.1', { host: '127.0.0.1:3000' }, true],
    ['::1', { host: '[::1]:3000' }, true],
    ['::ffff:127.0.0.1', { host: 'localhost' }, true],
    ['127.0.0.1', { host: 'rollbook.example.org' }, false],
    ['127.0.0.1', { host: 'localhost.example.org:3000' }, false],
    ['127.0.0.1', {}, false],
    ['10.0.0.5', { host: 'localhost:3000' }, false],
    ['127.0.0.1', { 'host': 'localhost:3000', 'x-forwarded-for': '127.0.0.1' }, false],
    ['127.0.0.1', { 'host': 'localhost:3000', 'x-forwarded-host': 'localhost' }, false],
    ['127.0.0.1', { host: 'localhost:3000', forwarded: 'for=127.0.0.1' }, false]
  ])('%s with %j: %s', (peer, headers, expected) => {
    expect(comesFromOwnMachine(peer, headers)).toBe(expected)
  })
})
