import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unauthenticatedPerMinute } from '../../../../server/utils/bearer-token'
import { callApi, type ApiAnswer } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { inOneMinute } from '../../../support/minute-window'
import { startServerOnOwnDatabase, type OwnServer } from '../../../support/own-server'

/**
 * A loopback address of this test's own to send from. The counters of requests without a valid token
 * are kept per client address in the database every test server shares, so using up 127.0.0.1's
 * would refuse other files' requests. Linux routes all of 127.0.0.0/8 to the loopback interface.
 */
function ownLoopbackAddress() {
  const part = () => 2 + Math.floor(Math.random() * 250)
  return `127.${part()}.${part()}.${part()}`
}

const wellShapedUnknownToken = `rbk_${'A1b2C3'.repeat(7)}`
const badTokens = [undefined, 'not-a-token', 'rbk_short', wellShapedUnknownToken]

describe('requests without a valid token', () => {
  it(`are limited to ${unauthenticatedPerMinute} a minute per client address: the next is 429 with Retry-After`, async () => {
    const answers = await inOneMinute(15, async () => {
      const address = ownLoopbackAddress()
      const answers: ApiAnswer[] = []
      for (let i = 0; i <= unauthenticatedPerMinute; i++) {
        answers.push(await callApi('/api/v1/people', { token: badTokens[i % badTokens.length], localAddress: address }))
      }
      return answers
    })
    const refusals = answers.slice(0, unauthenticatedPerMinute)
    for (const answer of refusals) {
      expectEnvelope(answer, 401, 'unauthenticated')
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer( |$)/)
      expect(answer.headers.get('x-ratelimit-limit')).toBe(String(unauthenticatedPerMinute))
    }
    expect(refusals.map(answer => Number(answer.headers.get('x-ratelimit-remaining'))))
      .toEqual(Array.from({ length: unauthenticatedPerMinute }, (_, i) => unauthenticatedPerMinute - 1 - i))

    const limited = answers.at(-1)!
    expectEnvelope(limited, 429, 'rate_limited')
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')

    // Another address has its own count.
    expectEnvelope(await callApi('/api/v1/people', { token: 'not-a-token', localAddress: ownLoopbackAddress() }), 401, 'unauthenticated')
  })

  describe('a malformed token', () => {
    let own: OwnServer

    beforeAll(async () => {
      own = await startServerOnOwnDatabase('unauthenticated')
    })

    afterAll(() => own?.stop())

    /**
     * Makes the tokens unreadable to the server until the returned function runs. PostgreSQL: an
     * exclusive lock, which every read of the table waits for. SQLite in WAL mode never makes a
     * reader wait, so the table is renamed away, on a file of this test's own.
     */
    async function hideTokens(): Promise<() => Promise<void>> {
      const writer = own.database.sqliteWriter
      if (writer) {
        writer.exec('alter table api_tokens rename to api_tokens_hidden')
        return async () => void writer.exec('alter table api_tokens_hidden rename to api_tokens')
      }
      const client = postgres(own.databaseUrl, { max: 1, onnotice: () => {} })
      const session = await client.reserve()
      await session`begin`
      await session`lock table api_tokens in access exclusive mode`
      return async () => {
        await session`rollback`
        session.release()
        await client.end()
      }
    }

    const within = (ms: number, answer: Promise<ApiAnswer>) => Promise.race([answer.then(a => a.status), sleep(ms).then(() => 'no answer yet')])

    it('is refused without a look at the tokens: it is answered while they cannot be read, and a well-shaped one is not', async () => {
      const address = ownLoopbackAddress()
      let release: (() => Promise<void>) | undefined = await hideTokens()
      try {
        const wellShaped = callApi('/api/v1/people', { token: wellShapedUnknownToken, localAddress: address, baseUrl: own.server.url })
        const malformed = callApi('/api/v1/people', { token: 'rbk_short', localAddress: address, baseUrl: own.server.url })
        expect(await within(3000, malformed)).toBe(401)
        expectEnvelope(await malformed, 401, 'unauthenticated')
        // The evidence holds: a token of the right shape is looked up, and that lookup cannot succeed now.
        expect(await within(1000, wellShaped)).not.toBe(401)
        await release()
        release = undefined
        await wellShaped
      } finally {
        await release?.()
      }
    })
  })
})
