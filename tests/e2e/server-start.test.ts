import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { callApi } from '../support/api'
import { freePort, startBuiltServer, type RunningServer } from '../support/server-process'

const servers: RunningServer[] = []
const folders: string[] = []
afterAll(async () => {
  await Promise.all(servers.map(server => server.stop()))
  folders.forEach(folder => rmSync(folder, { recursive: true, force: true }))
})

describe('the built server at start', () => {
  it('migrates from the build itself, leaving nothing in the system temporary folder', async () => {
    // A temporary folder of its own, so that servers started elsewhere on this machine cannot mislead the test.
    const temporary = mkdtempSync(join(tmpdir(), 'rollbook-tmpdir-test-'))
    folders.push(temporary)
    const server = await startBuiltServer({ TMPDIR: temporary, TEMP: temporary, TMP: temporary })
    servers.push(server)
    expect((await callApi('/health', { baseUrl: server.url })).body.status).toBe('healthy')
    await server.stop()
    expect(readdirSync(temporary).filter(name => name.startsWith('rollbook-migrations-'))).toEqual([])
  })

  it('logs one line, without the password, when its database cannot be reached, and answers /health with 503', async () => {
    const port = await freePort()
    const server = await startBuiltServer({ DATABASE_URL: `postgres://rollbook:s3cret-Pa55@127.0.0.1:${port}/school` }, null)
    servers.push(server)
    let answer = await callApi('/health', { baseUrl: server.url }).catch(() => undefined)
    for (let i = 0; i < 400 && answer?.body?.status !== 'unhealthy'; i++) {
      await new Promise(r => setTimeout(r, 100))
      answer = await callApi('/health', { baseUrl: server.url }).catch(() => undefined)
    }
    expect(answer!.status).toBe(503)
    const log = server.output()
    const lines = log.split('\n').filter(line => /database/i.test(line))
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: `Cannot reach the database at postgres://rollbook:***@127.0.0.1:${port}/school: connection refused.` })
    expect(log).not.toMatch(/^\s+at /m)
    expect(log).not.toContain('s3cret')
  })
})
