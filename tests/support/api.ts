import { appendFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { inject } from 'vitest'

export interface ApiAnswer<T = any> {
  status: number
  headers: Headers
  body: T
}

export interface ApiRequest {
  token?: string
  method?: string
  body?: unknown
  headers?: Record<string, string>
  baseUrl?: string
  /**
   * The loopback address to send from (`127.0.0.2`…): the server counts requests without a valid
   * token per client address, and every test file shares the server, its database and 127.0.0.1.
   */
  localAddress?: string
}

/** Calls the running server and returns status, headers and the parsed body. */
export async function callApi<T = any>(path: string, request: ApiRequest = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...request.headers }
  if (request.token) headers.authorization = `Bearer ${request.token}`
  if (request.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json'
  const url = `${request.baseUrl ?? inject('baseUrl')}${path}`
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST')
  const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
  const answer = request.localAddress
    ? await sendFrom(request.localAddress, url, method, headers, body)
    : await fetchRetryingClosedIdle(url, method, headers, body)
  let parsed: unknown = answer.text
  try {
    parsed = JSON.parse(answer.text)
  } catch {}
  noteCursor(parsed)
  return { status: answer.status, headers: answer.headers, body: parsed as T }
}

/**
 * fetch, sending a GET or HEAD again once when the kept-alive connection it went out on had just been closed by the
 * server as idle ("other side closed"): on a loaded machine the client's clock for that connection runs late. A request
 * that changes something is never sent twice.
 */
async function fetchRetryingClosedIdle(url: string, method: string, headers: Record<string, string>, body?: string) {
  const read = async (response: Response) => ({ status: response.status, headers: response.headers, text: await response.text() })
  try {
    return await read(await fetch(url, { method, headers, body }))
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    if ((method !== 'GET' && method !== 'HEAD') || cause?.code !== 'UND_ERR_SOCKET') throw error
    return await read(await fetch(url, { method, headers, body }))
  }
}

/** `fetch` cannot choose the address it sends from; node:http can. */
function sendFrom(localAddress: string, url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number, headers: Headers, text: string }>((done, fail) => {
    const outgoing = httpRequest(url, { method, headers, localAddress }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const received = new Headers()
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of [value ?? []].flat()) received.append(name, item)
        }
        done({ status: response.statusCode!, headers: received, text: Buffer.concat(chunks).toString('utf8') })
      })
      response.on('error', fail)
    })
    outgoing.on('error', fail)
    outgoing.end(body)
  })
}

/** Every cursor the shared server hands out, for the scan of its log after the run (tests/support/log-scan.ts). */
function noteCursor(body: unknown) {
  const cursor = (body as { nextCursor?: unknown } | null)?.nextCursor
  const path = inject('cursorLogPath')
  if (typeof cursor === 'string' && path) appendFileSync(path, `${cursor}\n`)
}
