import { describe, expect, it } from 'vitest'
import { FrontendCounter } from '../../../../scripts/bench/statement-counter'

/** A typed frontend message: its type byte, its length (itself and the body) and the body. */
function message(type: string, body = Buffer.alloc(0)) {
  const head = Buffer.alloc(5)
  head.write(type, 0, 'latin1')
  head.writeInt32BE(4 + body.length, 1)
  return Buffer.concat([head, body])
}

/** An untyped startup-phase message: its length, then a 32-bit code (the protocol version, or SSLRequest's). */
function untyped(code: number, rest = Buffer.alloc(0)) {
  const head = Buffer.alloc(8)
  head.writeInt32BE(8 + rest.length, 0)
  head.writeInt32BE(code, 4)
  return Buffer.concat([head, rest])
}

const startup = untyped(196608, Buffer.from('user\0postgres\0\0'))
const extendedQuery = Buffer.concat([message('P', Buffer.from('\0select 1\0\0\0')), message('B', Buffer.alloc(8)), message('D', Buffer.from('P\0')),
  message('E', Buffer.alloc(5)), message('S')])

describe('counting the statements a client sends PostgreSQL', () => {
  it('counts each simple query and each execute, not the startup, parses, binds or syncs', () => {
    const counter = new FrontendCounter()
    counter.push(Buffer.concat([startup, message('p', Buffer.from('secret\0')), message('Q', Buffer.from('begin\0')), extendedQuery, extendedQuery]))
    expect(counter.statements).toBe(3)
  })

  it('reads a message split across chunks, byte by byte', () => {
    const counter = new FrontendCounter()
    const stream = Buffer.concat([startup, extendedQuery, message('Q', Buffer.from('commit\0'))])
    for (let i = 0; i < stream.length; i++) counter.push(stream.subarray(i, i + 1))
    expect(counter.statements).toBe(2)
  })

  it('takes an SSL request answered before the startup message as part of the startup', () => {
    const counter = new FrontendCounter()
    counter.push(Buffer.concat([untyped(80877103), startup, message('Q', Buffer.from('select 1\0'))]))
    expect(counter.statements).toBe(1)
  })
})
