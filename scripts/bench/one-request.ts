/**
 * One timed request with a bearer token, on a connection of its own: fetch would reuse one the
 * scenarios' checks left open, which the server may have closed as idle while the CLI made a token.
 */
import { request } from 'node:http'

/** GETs `url`, or POSTs `body` as JSON when given; answers the parsed JSON and the seconds it took, or throws on a non-2xx. */
export async function timedRequest(url: string, token: string, body?: unknown): Promise<{ json: any, seconds: number }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  const headers: Record<string, string | number> = { authorization: `Bearer ${token}` }
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length })
  const started = performance.now()
  const { status, text } = await new Promise<{ status: number, text: string }>((done, fail) => {
    const sent = request(url, { method: payload ? 'POST' : 'GET', agent: false, headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => done({ status: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
      answer.on('error', fail)
    })
    sent.on('error', fail)
    sent.end(payload)
  })
  const seconds = (performance.now() - started) / 1000
  if (status < 200 || status > 299) throw new Error(`${url} answered ${status}: ${text}`)
  return { json: JSON.parse(text), seconds }
}
