import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../../../support/api'
import { expectEnvelope } from '../../../support/envelope'
import { residentBytes } from '../../../support/process-memory'
import { rawRequest } from '../../../support/raw-http'
import { newSchool } from '../../../support/schools'
import { startBuiltServer, type RunningServer } from '../../../support/server-process'

const megabyte = 1024 * 1024

/** `size` bytes of one JSON string, framed as HTTP chunks of 64 KB. */
function* chunkedJsonString(size: number) {
  const frame = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')])
  yield frame(Buffer.from('{"channel":"'))
  const piece = frame(Buffer.alloc(64 * 1024, 'a'))
  for (let sent = 0; sent < size; sent += 64 * 1024) yield piece
  yield frame(Buffer.from('"}'))
  yield Buffer.from('0\r\n\r\n')
}

const postHead = (token: string, headers: string) =>
  `POST /api/v1/enquiries HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${headers}`

// A server of its own, so its memory is this test's alone.
describe('a body larger than the route allows', () => {
  let server: RunningServer
  let token: string

  beforeAll(async () => {
    server = await startBuiltServer({ RATE_LIMIT_SCALE: '100' })
    token = await (await newSchool()).token(['enquiry.write'])
  })

  afterAll(() => server?.stop())

  it('is refused with 413 when sent chunked, counted as it streams: 60 MB never reach memory', async () => {
    // Warm the route up first, so its code and a first answer are already in memory.
    for (let i = 0; i < 5; i++) await callApi('/api/v1/enquiries', { token, baseUrl: server.url, body: { channel: 'x' } })
    const before = residentBytes(server.process.pid!)
    const answer = await rawRequest(server.url, postHead(token, 'Transfer-Encoding: chunked\r\n\r\n'), chunkedJsonString(60 * megabyte))
    const after = residentBytes(server.process.pid!)
    expectEnvelope(answer, 413, 'payload_too_large')
    expect(answer.body.data.detail.join(' ')).toContain('1000000 bytes')
    // The old reader buffered the whole body first: 60 MB raised it by 120 to 180 MB.
    expect(after - before).toBeLessThan(30 * megabyte)
    // The server goes on answering.
    expect((await callApi('/health', { baseUrl: server.url })).status).toBe(200)
  }, 60_000)

  it('is refused with 413 before reading when its Content-Length says so', async () => {
    const answer = await rawRequest(server.url, postHead(token, `Content-Length: ${2 * megabyte}\r\n\r\n`), [Buffer.from('{"channel":"')])
    expectEnvelope(answer, 413, 'payload_too_large')
  })

  it.each([
    ['with a Content-Length', (size: number) => [`Content-Length: ${size}\r\n\r\n`, '']],
    ['chunked', (size: number) => [`Transfer-Encoding: chunked\r\n\r\n${size.toString(16)}\r\n`, '\r\n0\r\n\r\n']]
  ])('reaches a client that sends its whole 20 MB body before it reads (%s): the rest is read and dropped, not reset', async (_, framing) => {
    const size = 20 * megabyte
    const [head, tail] = framing(size)
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
          socket.write(Buffer.concat([Buffer.from(postHead(token, '') + head), Buffer.alloc(size, 'a'), Buffer.from(tail!)]))
        })
        let received = ''
        socket.on('data', chunk => received += chunk)
        socket.on('error', () => {})
        socket.on('close', () => resolve(received))
        setTimeout(() => socket.destroy(), 10_000)
        // Once the answer is in, the test is done with the connection.
        socket.on('data', () => received.includes('"traceId"') && socket.destroy())
      })
      expect(answer, `attempt ${attempt + 1}`).toMatch(/^HTTP\/1\.1 413 [\s\S]*"code":"payload_too_large"/)
    }
  }, 60_000)

  it('reads a chunked body within the limit as any other', async () => {
    const body =
      JSON.stringify({ student: { familyName: 'Chunk', givenNames: 'Ed' }, enquirer: { familyName: 'Chunk', givenNames: 'Parent', phone: '0400 000 000' } })
    const answer = await rawRequest(server.url, postHead(token, 'Transfer-Encoding: chunked\r\n\r\n'), [
      Buffer.from(`${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n`),
      Buffer.from('0\r\n\r\n')
    ])
    expect(answer.status).toBe(201)
  })
})
