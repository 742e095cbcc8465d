import { setImmediate as nextTurn } from 'node:timers/promises'
import { getRequestHeader, type H3Event } from 'h3'
import type { FieldProblem } from '../../shared/error-catalogue'
import { fieldPath } from '../../shared/field-problems'
import { controlCharacterIn, multilineTextRefusal } from '../../shared/plain-text'
import { apiError } from './errors'

/** Deeper than any request of the interface, far shallower than anything that could strain a parser. */
export const maxJsonDepth = 64

/** How long a refused body is still read, and dropped, after the 413. */
const lingerMs = 2000

/**
 * `payload_too_large`, reading no more of the body into memory. The rest is read and dropped for up
 * to `lingerMs` (Apache's lingering close): a client that sends its whole body before reading the
 * answer would otherwise meet a connection closed with its bytes unread, which resets it, 413 and all.
 */
function refuseTooLarge(event: H3Event, maxBytes: number) {
  const request = event.node.req
  request.resume()
  event.node.res.once('finish', () => {
    if (request.complete) return
    const cutOff = setTimeout(() => request.socket.destroy(), lingerMs).unref()
    request.once('end', () => clearTimeout(cutOff))
  })
  return apiError('payload_too_large', [`The body may be at most ${maxBytes} bytes.`])
}

/**
 * The body's bytes, counted as they arrive: past `maxBytes` reading stops and the answer is 413, so a
 * chunked body without a length can never be buffered whole.
 */
export function readBoundedBody(event: H3Event, maxBytes: number): Promise<Buffer> {
  const declared = Number(getRequestHeader(event, 'content-length') ?? 0)
  if (declared > maxBytes) return Promise.reject(refuseTooLarge(event, maxBytes))
  const request = event.node.req
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = () => {
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('error', onError)
    }
    function onData(chunk: Buffer) {
      size += chunk.length
      if (size <= maxBytes) return chunks.push(chunk)
      stop()
      reject(refuseTooLarge(event, maxBytes))
    }
    function onEnd() {
      stop()
      resolve(Buffer.concat(chunks, size))
    }
    function onError(error: Error) {
      stop()
      reject(error)
    }
    request.on('data', onData)
    request.on('end', onEnd)
    request.on('error', onError)
  })
}

/** How deep arrays and objects nest in JSON text, counted without recursion and outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 92) i++
      else if (char === 34) inString = false
    } else if (char === 34) {
      inString = true
    } else if (char === 91 || char === 123) {
      deepest = Math.max(deepest, ++depth)
    } else if (char === 93 || char === 125) {
      depth--
    }
  }
  return deepest
}

/**
 * Strings holding a NUL or another control character but tab and line breaks, by path, walked with
 * an explicit stack (the rule is shared/plain-text.ts). PostgreSQL refuses NUL and SQLite keeps it;
 * refusing both here keeps the two databases alike, and keeps control characters out of logs and
 * files made from the data.
 */
export function controlCharacterProblems(value: unknown): FieldProblem[] {
  const problems: FieldProblem[] = []
  const stack: [unknown, PropertyKey[]][] = [[value, []]]
  while (stack.length) {
    const [item, path] = stack.pop()!
    if (typeof item === 'string') {
      const refusal = multilineTextRefusal(item)
      if (refusal) problems.push({ path: fieldPath(path), message: refusal.message })
    } else if (Array.isArray(item)) {
      item.forEach((member, index) => stack.push([member, [...path, index]]))
    } else if (item && typeof item === 'object') {
      for (const [key, member] of Object.entries(item)) {
        if (controlCharacterIn(key)) problems.push({ path: fieldPath(path), message: 'A field name contains a control character.' })
        else stack.push([member, [...path, key]])
      }
    }
  }
  return problems.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Past this size each step of reading a body takes tens of milliseconds: the event loop turns between them, so
 * uploads read together do not stall other answers.
 */
const largeBody = 1024 * 1024

/**
 * Reads a JSON body: `bad_request` if it is not JSON, not UTF-8 or nested deeper than
 * `maxJsonDepth`; `payload_too_large` past `maxBytes`. Strings holding control characters come back
 * as `problems`, to be told with the schema's.
 */
export async function readJsonBody(event: H3Event, maxBytes: number): Promise<{ raw: string, value: unknown, problems: FieldProblem[] }> {
  const contentType = getRequestHeader(event, 'content-type') ?? ''
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw apiError('bad_request', ['Send the body as JSON with Content-Type: application/json.'])
  }
  let raw: string
  try {
    raw = utf8.decode(await readBoundedBody(event, maxBytes))
  } catch (error) {
    if (error instanceof TypeError) throw apiError('bad_request', ['The body is not UTF-8 text.'])
    throw error
  }
  const large = raw.length > largeBody
  if (large) await nextTurn()
  if (jsonDepth(raw) > maxJsonDepth) throw apiError('bad_request', [`The body nests arrays and objects more than ${maxJsonDepth} deep.`])
  if (large) await nextTurn()
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw apiError('bad_request', ['The body is not valid JSON.'])
  }
  if (large) await nextTurn()
  return { raw, value, problems: controlCharacterProblems(value) }
}
