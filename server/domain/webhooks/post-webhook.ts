import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { performance } from 'node:perf_hooks'
import { destinationUrl, resolveDestination, type DestinationPolicy } from './destinations'

/** Interface part 6, rule 3: any 2xx within ten seconds is a success. */
export const deliveryTimeoutMs = 10_000
/** Every delivery's `User-Agent`. */
export const webhookUserAgent = 'Rollbook-Webhooks/1'
const keptAnswerBytes = 1024

export interface DeliveryOutcome {
  ok: boolean
  /** The answer's HTTP status; null when none came (refused, timed out, a network or TLS failure). */
  status: number | null
  /** The first 1 KB of the answer's body, or what went wrong. */
  answer: string
  durationMs: number
}

export interface WebhookPost {
  url: string
  /** A webhook's JSON as text; a Web Push message's encrypted bytes (notifications/push/send-push.ts). */
  body: string | Buffer
  headers: Record<string, string>
  /** `application/json` unless said: a push message is `application/octet-stream`. */
  contentType?: string
}

/**
 * POSTs one delivery. The destination is checked again now and the request goes to the address
 * just checked, with the original host name for TLS (SNI and the certificate) and `Host`. Redirects
 * are not followed: a 3xx is a failure like any answer that is not 2xx.
 */
export async function postWebhook(post: WebhookPost, policy: DestinationPolicy, timeoutMs = deliveryTimeoutMs): Promise<DeliveryOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const deadline = AbortSignal.timeout(timeoutMs)
  const parsed = destinationUrl(post.url, policy)
  if ('refused' in parsed) return { ok: false, status: null, answer: `Not sent: ${parsed.refused}`, durationMs: elapsed() }
  const url = parsed.url
  const resolved = await Promise.race([resolveDestination(url, policy), abortedBy(deadline)])
  if (!resolved) return { ok: false, status: null, answer: `No answer within ${timeoutMs / 1000} s (the name did not resolve in time).`, durationMs: elapsed() }
  if ('refused' in resolved) return { ok: false, status: null, answer: `Not sent: ${resolved.refused}`, durationMs: elapsed() }
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const body = typeof post.body === 'string' ? Buffer.from(post.body) : post.body
  return new Promise((done) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send({
      host: resolved.address.address,
      family: resolved.address.family,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: url.pathname + url.search,
      method: 'POST',
      // SNI takes a name only; an IP-literal destination is checked against its certificate by address.
      servername: isIP(hostname) ? undefined : hostname,
      agent: false,
      signal: deadline,
      headers: {
        ...post.headers, 'Host': url.host, 'Content-Type': post.contentType ?? 'application/json', 'Content-Length': String(body.length),
        'User-Agent': webhookUserAgent
      }
    }, (response) => {
      readAnswer(response).then((answer) => {
        const status = response.statusCode ?? null
        const ok = status !== null && status >= 200 && status < 300
        const location = status !== null && status >= 300 && status < 400 && response.headers.location
          ? `Redirect to ${response.headers.location} (not followed). `
          : ''
        done({ ok, status, answer: cleanText(location + answer), durationMs: elapsed() })
        request.destroy()
      })
    })
    request.on('error', (error: Error & { code?: string }) => {
      const answer = deadline.aborted ? `No answer within ${timeoutMs / 1000} s.` : `${error.code ?? error.name}: ${error.message}`
      done({ ok: false, status: null, answer: cleanText(answer), durationMs: elapsed() })
    })
    request.end(body)
  })
}

/** Resolves with nothing once `signal` aborts; never rejects. */
function abortedBy(signal: AbortSignal): Promise<undefined> {
  return new Promise(done => signal.addEventListener('abort', () => done(undefined), { once: true }))
}

/** Up to the first 1 KB of an answer's body; stops reading there, and keeps what came if the answer breaks off. */
function readAnswer(response: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = () => done(Buffer.concat(chunks).subarray(0, keptAnswerBytes).toString('utf8'))
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= keptAnswerBytes) finish()
    })
    response.on('end', finish)
    response.on('error', finish)
    response.on('aborted', finish)
  })
}

/** PostgreSQL refuses NUL in text; a receiver's answer may hold anything. */
function cleanText(text: string): string {
  return text.replaceAll('\u0000', '')
}
