import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { callApi } from '../../support/api'
import { expectEnvelope } from '../../support/envelope'
import { inOneMinute } from '../../support/minute-window'
import { rawRequest } from '../../support/raw-http'
import { startBuiltServer, type RunningServer } from '../../support/server-process'

/** GET /dev/outbox exactly as written: a Host and headers fetch would not let a test choose. */
const outbox = (baseUrl: string, host: string, headers = '') =>
  rawRequest(baseUrl, `GET /dev/outbox HTTP/1.1\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`)

/** A loopback address of this run's own, so no other test's counters (or an earlier run's, on PostgreSQL) mix in. */
const ownLoopback = () => `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`
/** An address from the documentation ranges, different on every call. */
const someClient = () => `2001:db8::${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`

describe('the development outbox answers only the server\'s own machine', () => {
  const port = () => new URL(inject('baseUrl')).port

  it.each([
    ['localhost with the port', () => `localhost:${port()}`],
    ['127.0.0.1 with the port', () => `127.0.0.1:${port()}`],
    ['localhost', () => 'localhost']
  ])('shows the mail to a browser on this machine: %s', async (_, host) => {
    const answer = await outbox(inject('baseUrl'), host())
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/text\/html/)
    expect(answer.text).toContain('Development outbox')
  })

  it.each([
    ['a public Host (a reverse proxy passing it on)', 'rollbook.example.org', ''],
    ['a DNS-rebinding page\'s own name', 'attacker.example:80', ''],
    ['X-Forwarded-For', 'localhost', 'X-Forwarded-For: 127.0.0.1\r\n'],
    ['Forwarded', 'localhost', 'Forwarded: for=127.0.0.1;proto=http\r\n'],
    ['any other X-Forwarded- header', 'localhost', 'X-Forwarded-Proto: https\r\n']
  ])('is not_found in the envelope to %s', async (_, host, headers) => {
    const answer = await outbox(inject('baseUrl'), host, headers)
    expectEnvelope(answer, 404, 'not_found')
    expect(answer.text).not.toMatch(/sign-in code|<html/i)
  })
})

describe('a server behind a proxy that sends its mail', () => {
  let server: RunningServer

  beforeAll(async () => {
    // Limits scaled down (60 unauthenticated requests a minute become 3) so that a few requests reach them.
    server = await startBuiltServer({ SMTP_URL: 'smtp://127.0.0.1:1', TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8', RATE_LIMIT_SCALE: '0.05' })
  })
  afterAll(() => server?.stop())

  it('has no development outbox, even for its own machine: not_found, never a fault', async () => {
    const port = new URL(server.url).port
    expectEnvelope(await outbox(server.url, `localhost:${port}`), 404, 'not_found')
    expectEnvelope(await outbox(server.url, '127.0.0.1'), 404, 'not_found')
  })

  /** Four requests without a token that `forwardedFor` says come from one client, sent from `peer`. */
  const fourFrom = async (peer: string, forwardedFor: () => string) => {
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(
      await callApi('/api/v1/people', { baseUrl: server.url, localAddress: peer, headers: { 'x-forwarded-for': forwardedFor() } })
    )
    return answers.map(answer => answer.status)
  }

  it('counts per-address limits by the client a trusted proxy reports', async () => {
    const [one, others] = await inOneMinute(5, async () => {
      const client = someClient()
      return [await fourFrom('127.0.0.1', () => `${client}, 10.0.0.1`), await fourFrom('127.0.0.1', () => someClient())]
    })
    expect(one).toEqual([401, 401, 401, 429])
    // Another client behind the same proxy has its own count.
    expect(others).toEqual([401, 401, 401, 401])
  })

  it('ignores what a peer it does not trust reports, counting that peer\'s own address', async () => {
    expect(await inOneMinute(5, () => fourFrom(ownLoopback(), () => someClient()))).toEqual([401, 401, 401, 429])
  })
})
