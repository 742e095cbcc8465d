/**
 * A loopback proxy in front of PostgreSQL that counts the statements a server sends it, for the district's
 * cost rows: pg_stat_statements needs the server restarted with it preloaded, which a shared PostgreSQL is not.
 * It reads the frontend side of the wire protocol: after the untyped startup messages, each message is a type
 * byte and a length; a simple query ('Q') or an execute of a prepared or unnamed statement ('E') is one
 * statement. The backend's side is passed through untouched.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'

/** The startup phase's requests to which the server answers before the real startup message (SSL, GSS encryption). */
const negotiationCodes = new Set([80877103, 80877104])

/** Counts the statements in a client's byte stream as it arrives, across chunk boundaries. */
export class FrontendCounter {
  statements = 0
  private pending: Buffer = Buffer.alloc(0)
  private startup = true

  /** Takes the next bytes the client sent. */
  push(chunk: Buffer) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk
    for (;;) {
      const header = this.startup ? 4 : 5
      if (this.pending.length < header) return
      const length = this.startup ? this.pending.readInt32BE(0) : this.pending.readInt32BE(1) + 1
      if (this.pending.length < length) return
      if (this.startup) {
        this.startup = negotiationCodes.has(this.pending.readInt32BE(4))
      } else {
        const type = String.fromCharCode(this.pending[0]!)
        if (type === 'Q' || type === 'E') this.statements++
      }
      this.pending = this.pending.subarray(length)
    }
  }
}

export interface StatementCounter {
  /** The URL to give a server in place of `target`. */
  url: string
  /** Statements counted over every connection since the proxy started. */
  statements: () => number
  close: () => Promise<void>
}

/** Starts the proxy on a free loopback port, in front of the PostgreSQL `target` names. */
export async function startStatementCounter(target: string): Promise<StatementCounter> {
  const upstream = new URL(target)
  const counters: FrontendCounter[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    const counter = new FrontendCounter()
    counters.push(counter)
    const database = connect(Number(upstream.port || 5432), upstream.hostname)
    for (const socket of [client, database]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        database.destroy()
      })
    }
    client.on('data', (chunk: Buffer) => {
      counter.push(chunk)
      database.write(chunk)
    })
    client.on('end', () => database.end())
    database.pipe(client)
  })
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const proxied = new URL(target)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(typeof address === 'object' && address ? address.port : 0)
  return {
    url: proxied.toString(),
    statements: () => counters.reduce((sum, counter) => sum + counter.statements, 0),
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise(done => server.close(done))
    }
  }
}
