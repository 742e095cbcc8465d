import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { onTestFinished } from 'vitest'
import type { DomainContext } from '../../server/domain/shared/context'
import { writeChanges, type ChangeKind } from '../../server/domain/shared/write-changes'
import { systemResolver, type DestinationPolicy } from '../../server/domain/webhooks/destinations'

export interface ReceivedPost {
  headers: IncomingHttpHeaders
  body: string
  path: string
  at: number
}

/** How the receiver answers a post: a status, or a function writing the answer itself (slow, redirecting). */
export type Answer = number | ((response: ServerResponse, post: ReceivedPost) => void)

/**
 * A loopback HTTP receiver for tests. `answer` decides each post's answer (default 200); posts
 * lists every one received, repeats included. It closes when the test that started it finishes.
 */
export async function startReceiver(answer: (post: ReceivedPost, index: number) => Answer = () => 200) {
  const posts: ReceivedPost[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const post = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '', at: Date.now() }
      posts.push(post)
      const chosen = answer(post, posts.length - 1)
      if (typeof chosen === 'number') response.writeHead(chosen, { 'Content-Type': 'text/plain' }).end(`answer ${chosen}`)
      else chosen(response, post)
    })
  })
  await new Promise<void>(done => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const close = () => new Promise<void>((done) => {
    server.closeAllConnections()
    server.close(() => done())
  })
  onTestFinished(close)
  return { url: `http://127.0.0.1:${port}/hook`, port, posts, close, ids: () => posts.map(post => JSON.parse(post.body).id as string) }
}

/** Loopback and http:// allowed, as WEBHOOKS_ALLOW_PRIVATE=true allows them. */
export const privateAllowed: DestinationPolicy = { allowPrivate: true, resolveHost: systemResolver }

/** Records `kind` changes on the given records, one write each, in order. */
export async function recordChanges(ctx: DomainContext, kind: ChangeKind, recordIds: string[], tableName = 'people') {
  for (const id of recordIds) await writeChanges(ctx, async (_tx, changes) => changes.record(kind, tableName, id))
}

/** A clock the worker reads instead of the system's, moved by hand. */
export function testClock(start = Date.now()) {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    }
  }
}
