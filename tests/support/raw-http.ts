import { connect } from 'node:net'

export interface RawAnswer {
  status: number
  headers: Headers
  /** The body as text ('' for HEAD). */
  text: string
  body: any
}

/** Reads an HTTP/1.1 answer as bytes came in: status line, headers, and a Content-Length body. */
export function parseRawAnswer(raw: Buffer): RawAnswer | undefined {
  const end = raw.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n')
  const headers = new Headers()
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  const length = Number(headers.get('content-length') ?? NaN)
  if (!Number.isNaN(length) && raw.length < end + 4 + length) return undefined
  const text = raw.subarray(end + 4, Number.isNaN(length) ? undefined : end + 4 + length).toString('utf8')
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: Number(statusLine!.split(' ')[1]), headers, text, body }
}

/**
 * Sends the request exactly as written, over a socket of its own (fetch and node:http refuse or
 * repair what a hostile client may send, such as a malformed Host), and reads the answer. With
 * `body`, keeps writing its chunks until the server answers or closes.
 */
export function rawRequest(
  baseUrl: string, head: string, body?: AsyncIterable<Buffer> | Iterable<Buffer>, options: { localAddress?: string } = {}
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress: options.localAddress })
    let received = Buffer.alloc(0)
    let settled = false
    const finish = () => {
      if (settled) return
      settled = true
      socket.destroy()
      const answer = parseRawAnswer(received)
      if (answer) resolve(answer)
      else reject(new Error(`No complete answer: ${JSON.stringify(received.subarray(0, 300).toString('latin1'))}`))
    }
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      if (parseRawAnswer(received)) finish()
    })
    // A server that answers early and closes makes further writes fail; the answer is what counts.
    socket.on('error', () => {})
    socket.on('close', finish)
    socket.once('connect', async () => {
      // A small body goes with its head in one write: a server that answers without reading it (a GET,
      // a 401) then closes a socket with nothing unread, so the answer is not lost to a reset.
      if (Array.isArray(body) && body.reduce((size, chunk) => size + chunk.length, 0) <= 64 * 1024) {
        socket.write(Buffer.concat([Buffer.from(head), ...body]))
        return
      }
      socket.write(head)
      if (!body) return
      try {
        for await (const chunk of body) {
          if (settled || socket.destroyed) return
          if (!socket.write(chunk)) await new Promise(r => socket.once('drain', r).once('close', r))
        }
      } catch (error) {
        if (!settled) reject(error)
      }
    })
  })
}
