import { afterEach, describe, expect, it } from 'vitest'
import { callApi } from '../support/api'
import { startBuiltServer, type RunningServer } from '../support/server-process'

async function healthAt(url: string): Promise<string> {
  try {
    return (await (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).json() as { status: string }).status
  } catch (error) {
    return `unreachable: ${(error as Error).cause ?? error}`
  }
}

describe('settings read from the environment', () => {
  let server: RunningServer | undefined

  afterEach(async () => {
    await server?.stop()
    server = undefined
  })

  it('PUBLIC_URL, without its trailing slash, and /api/v1 make the document\'s server', async () => {
    server = await startBuiltServer({ PUBLIC_URL: 'https://school.example.org/' })
    const document = (await callApi('/_openapi.json', { baseUrl: server.url })).body
    expect(document.servers.map((entry: { url: string }) => entry.url)).toEqual(['https://school.example.org/api/v1'])
  })

  it('PUBLIC_URL with a path keeps it', async () => {
    server = await startBuiltServer({ PUBLIC_URL: 'https://example.org/rollbook//' })
    const document = (await callApi('/_openapi.json', { baseUrl: server.url })).body
    expect(document.servers.map((entry: { url: string }) => entry.url)).toEqual(['https://example.org/rollbook/api/v1'])
  })

  it('HOST is the address the server listens on, and only that one', async () => {
    server = await startBuiltServer({ HOST: '127.0.0.2' }, null)
    const port = new URL(server.url).port
    let status = ''
    for (let tries = 0; tries < 100 && status !== 'healthy'; tries++) {
      status = await healthAt(`http://127.0.0.2:${port}`)
      if (status !== 'healthy') await new Promise(done => setTimeout(done, 200))
    }
    expect(status).toBe('healthy')
    expect(await healthAt(`http://127.0.0.1:${port}`)).toMatch(/^unreachable/)
  })

  it('HOST=127.0.0.1 answers there', async () => {
    server = await startBuiltServer({ HOST: '127.0.0.1' })
    expect(await healthAt(server.url)).toBe('healthy')
  })
})
