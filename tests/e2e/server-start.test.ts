import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { callApi } from '../support/api'
import { startBuiltServer, type RunningServer } from '../support/server-process'

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
})
