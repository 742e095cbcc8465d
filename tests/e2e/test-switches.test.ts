import { describe, expect, it } from 'vitest'
import { callApi, type ApiAnswer } from '../support/api'
import { expectEnvelope } from '../support/envelope'
import { inOneMinute } from '../support/minute-window'
import { startServerOnOwnDatabase } from '../support/own-server'

describe('test switches act only with ROLLBOOK_MODE=test or bench', () => {
  it.each([
    {
      mode: 'production', limit: 300, appRoutesDescribed: false,
      warning: /WARNING: ignoring [^\n]*RATE_LIMIT_SCALE[^\n]*test switches act only with ROLLBOOK_MODE=test or bench/
    },
    { mode: 'test', limit: 300_000, appRoutesDescribed: true, warning: /WARNING: ROLLBOOK_MODE=test: test switches in force: [^\n]*RATE_LIMIT_SCALE=1000/ }
  ])('with ROLLBOOK_MODE=$mode and RATE_LIMIT_SCALE=1000 the server says so, and enforces and publishes $limit a minute', async (
    { mode, limit, appRoutesDescribed, warning }
  ) => {
    // A database of its own, on PostgreSQL too: a production server works every school's queues, so on the
    // suite's database it would take other files' messages and webhooks (it "sent" a message test's mails to
    // its development outbox, and that test counted 30 of its 39 on a busy run).
    const own = await startServerOnOwnDatabase(`switches-${mode}`, { ROLLBOOK_MODE: mode, RATE_LIMIT_SCALE: '1000' }, { isolated: true })
    const { server } = own
    try {
      expect(server.output()).toMatch(warning)
      const document = (await callApi('/_openapi.json', { baseUrl: server.url })).body
      expect(document.paths['/people'].get['x-rate-limit']).toBe(limit)
      // The screens' routes are described for the fuzz in test mode only, apart from the public document.
      const appRoutes = await callApi('/_app-openapi.json', { baseUrl: server.url })
      if (appRoutesDescribed) {
        expect(appRoutes.status).toBe(200)
        expect(appRoutes.body.servers[0].url).toMatch(/\/api\/app$/)
        expect(appRoutes.body.paths['/portal/children/{id}'].get['x-surface']).toBe('portal')
      } else {
        expectEnvelope(appRoutes, 404, 'not_found')
      }

      // The 300 and the next in one window, however long the machine takes (tests/support/minute-window.ts).
      const { answers, next } = await inOneMinute(20, async () => {
        const { token } = await own.schoolWithToken(['person.read'])
        const answers: ApiAnswer[] = []
        for (let sent = 0; sent < 300; sent += 50) {
          answers.push(...await Promise.all(Array.from({ length: 50 }, () => callApi('/api/v1/people?limit=1', { token, baseUrl: server.url }))))
        }
        return { answers, next: await callApi('/api/v1/people?limit=1', { token, baseUrl: server.url }) }
      })
      expect(answers.map(answer => answer.status).filter(status => status !== 200)).toEqual([])
      expect(answers.every(answer => answer.headers.get('x-ratelimit-limit') === String(limit))).toBe(true)
      if (limit === 300) expectEnvelope(next, 429, 'rate_limited')
      else expect(next.status).toBe(200)
    } finally {
      await own.stop()
    }
  })
})
