import { afterAll, describe, expect, it } from 'vitest'
import { createServer, type Server, type Socket } from 'node:net'
import { callApi } from '../support/api'
import { expectEnvelope } from '../support/envelope'
import { freePort, startBuiltServer, type RunningServer } from '../support/server-process'

describe('public routes', () => {
  it('GET /health is healthy with uptime and a build timestamp', async () => {
    const answer = await callApi('/health')
    expect(answer.status).toBe(200)
    expect(answer.body.status).toBe('healthy')
    expect(typeof answer.body.uptime).toBe('number')
    expect(answer.body.version).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Object.keys(answer.body).sort()).toEqual(['status', 'uptime', 'version'])
  })

  it('GET /api/hello says hello with the interface version and the server time', async () => {
    const answer = await callApi('/api/hello')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ hello: 'world', interfaceVersion: '1.2', serverTime: expect.stringMatching(/Z$/) })
  })

  it('serves the first screen, which links to the API reference', async () => {
    const answer = await callApi('/', { headers: { accept: 'text/html' } })
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('Rollbook')
    expect(answer.body).toContain('href="/reference"')
  })
})

describe('/health while the database is not ready', () => {
  const servers: RunningServer[] = []
  let silentDatabase: Server | undefined
  const sockets: Socket[] = []

  afterAll(async () => {
    await Promise.all(servers.map(s => s.stop()))
    sockets.forEach(s => s.destroy())
    silentDatabase?.close()
  })

  it('answers starting while migrations cannot finish, and still serves public routes', async () => {
    // A "database" that accepts connections and never answers keeps the migrations running.
    const port = await freePort()
    silentDatabase = createServer(socket => sockets.push(socket)).listen(port, '127.0.0.1')
    const server = await startBuiltServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none` }, 'starting')
    servers.push(server)
    const answer = await callApi('/health', { baseUrl: server.url })
    expect(answer.status).toBe(200)
    expect(answer.body.status).toBe('starting')
    expect((await callApi('/api/hello', { baseUrl: server.url })).status).toBe(200)
  })

  it('answers unhealthy with 503 when the database cannot be reached', async () => {
    const closedPort = await freePort()
    const server = await startBuiltServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/none` }, null)
    servers.push(server)
    let answer = await callApi('/health', { baseUrl: server.url }).catch(() => undefined)
    for (let i = 0; i < 400 && answer?.body?.status !== 'unhealthy'; i++) {
      await new Promise(r => setTimeout(r, 100))
      answer = await callApi('/health', { baseUrl: server.url }).catch(() => undefined)
    }
    expect(answer!.status).toBe(503)
    expect(answer!.body.status).toBe('unhealthy')
    expectEnvelope(await callApi('/api/v1/people', { baseUrl: server.url, token: 'rbk_x' }), 500, 'internal')
  })
})
