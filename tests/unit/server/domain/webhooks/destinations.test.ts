import { createServer } from 'node:http'
import { describe, expect, it, onTestFinished } from 'vitest'
import { checkDestination, type DestinationPolicy, type ResolvedAddress } from '../../../../../server/domain/webhooks/destinations'
import { postWebhook } from '../../../../../server/domain/webhooks/post-webhook'

const publicAddress: ResolvedAddress = { address: '93.184.216.34', family: 4 }
const resolving = (answers: Record<string, ResolvedAddress[]>): DestinationPolicy['resolveHost'] => async (host) => {
  const found = answers[host]
  if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
  return found
}
const strict: DestinationPolicy = {
  allowPrivate: false,
  resolveHost: resolving({
    'hooks.example.org': [publicAddress],
    'localhost': [{ address: '127.0.0.1', family: 4 }],
    'inside.example.org': [{ address: '127.0.0.1', family: 4 }],
    'mixed.example.org': [publicAddress, { address: '10.1.2.3', family: 4 }],
    'metadata.example.org': [{ address: '169.254.169.254', family: 4 }],
    'v6inside.example.org': [{ address: '::ffff:192.168.0.1', family: 6 }]
  })
}

describe('webhook destinations', () => {
  it.each([
    ['https://hooks.example.org/rollbook'],
    ['https://93.184.216.34:8443/hook?school=1'],
    ['https://[2606:4700::1111]/hook']
  ])('allows %s', async (url) => {
    expect(await checkDestination(url, strict)).toHaveProperty('url')
  })

  it.each([
    ['http://hooks.example.org/', 'https://'],
    ['ftp://hooks.example.org/', 'https://'],
    ['https://user:pass@hooks.example.org/', 'user name'],
    ['not a url', 'absolute URL'],
    ['https://127.0.0.1/', 'loopback'],
    ['https://localhost/', 'loopback'],
    ['https://inside.example.org/', 'loopback'],
    ['https://10.0.0.1/', 'private'],
    ['https://172.16.5.4/', 'private'],
    ['https://192.168.1.1/', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'linkLocal'],
    ['https://metadata.example.org/', 'linkLocal'],
    ['https://100.64.0.1/', 'carrierGradeNat'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://255.255.255.255/', 'broadcast'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://[::1]/', 'loopback'],
    ['https://[::]/', 'unspecified'],
    ['https://[fc00::1]/', 'uniqueLocal'],
    ['https://[fd12:3456::1]/', 'uniqueLocal'],
    ['https://[fe80::1]/', 'linkLocal'],
    ['https://[ff02::1]/', 'multicast'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::ffff:169.254.169.254]/', 'linkLocal'],
    ['https://[::ffff:10.0.0.1]/', 'private'],
    ['https://[::127.0.0.1]/', 'IPv4-compatible'],
    ['https://[::10.0.0.1]/', 'IPv4-compatible'],
    ['https://v6inside.example.org/', 'private'],
    ['https://2130706433/', 'loopback'],
    ['https://0177.0.0.1/', 'loopback'],
    ['https://0x7f.0.0.1/', 'loopback'],
    ['https://0x7f000001/', 'loopback'],
    ['https://0xa9fea9fe/', 'linkLocal'],
    ['https://mixed.example.org/', 'private'],
    ['https://nowhere.example.org/', 'does not resolve']
  ])('refuses %s (%s)', async (url, reason) => {
    const checked = await checkDestination(url, strict)
    expect(checked).toHaveProperty('refused')
    expect((checked as { refused: string }).refused).toContain(reason)
  })

  it('with WEBHOOKS_ALLOW_PRIVATE allows loopback and http://, and nothing else private', async () => {
    const loose = { ...strict, allowPrivate: true }
    expect(await checkDestination('http://127.0.0.1:8080/hook', loose)).toHaveProperty('url')
    expect(await checkDestination('https://localhost/hook', loose)).toHaveProperty('url')
    expect(await checkDestination('https://10.0.0.1/', loose)).toHaveProperty('refused')
    expect(await checkDestination('https://169.254.169.254/', loose)).toHaveProperty('refused')
  })

  it('checks again at the attempt and connects to nothing when the second answer is private', async () => {
    let connections = 0
    const server = createServer((_request, response) => response.end('ok')).on('connection', () => connections++)
    await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
    onTestFinished(() => new Promise(done => server.close(() => done())))
    const port = (server.address() as { port: number }).port
    let lookups = 0
    const rebinding: DestinationPolicy = {
      allowPrivate: false,
      resolveHost: async () => ++lookups === 1 ? [publicAddress] : [{ address: '127.0.0.1', family: 4 }]
    }
    expect(await checkDestination(`https://rebind.example.org:${port}/hook`, rebinding)).toHaveProperty('url')
    const outcome = await postWebhook({ url: `https://rebind.example.org:${port}/hook`, body: '{}', headers: {} }, rebinding)
    expect(outcome).toMatchObject({ ok: false, status: null })
    expect(outcome.answer).toContain('127.0.0.1 is not a public address')
    // Loopback without the flag, by address: refused before any connection too.
    expect((await postWebhook({ url: `https://127.0.0.1:${port}/hook`, body: '{}', headers: {} }, strict)).answer).toContain('loopback')
    expect(connections).toBe(0)
  })
})
