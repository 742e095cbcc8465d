/**
 * A step of the webhook row (`tsx scripts/bench/webhook-statements.ts`, DATABASE_URL a PostgreSQL bench
 * database): the statements a delivery costs, counted on the wire (statement-counter.ts) while the worker
 * delivers to a loopback receiver. Live: a change at a time, each delivered before the next is made, as a
 * subscription keeping up with its school's writes sends them (claim, fan-out, post, record, release).
 * Backlog: 200 changes waiting, sent in one claim. Prints `{"live":…,"backlog":…}`, statements per delivery,
 * BEGIN and COMMIT counted (PostgreSQL sends them as statements).
 */
import { createServer } from 'node:http'
import { openDatabase } from '../../db/client'
import { migrateDatabase } from '../../db/migrate'
import { createSchool } from '../../server/domain/schools/create-school'
import { requireSchool } from '../../server/domain/schools/find-school'
import { issueToken } from '../../server/domain/tokens/manage-tokens'
import { systemContext } from '../../server/domain/shared/context'
import { writeChanges } from '../../server/domain/shared/write-changes'
import { createWebhookSubscription } from '../../server/domain/webhooks/subscriptions'
import { deliverDueWebhooks } from '../../server/domain/webhooks/delivery-worker'
import { systemResolver } from '../../server/domain/webhooks/destinations'
import { startStatementCounter } from './statement-counter'

const liveChanges = 50
const backlogChanges = 200

const policy = { allowPrivate: true, resolveHost: systemResolver }
const counter = await startStatementCounter(process.env.DATABASE_URL!)
const database = openDatabase({ dialect: 'postgresql', url: counter.url })
let received = 0
const receiver = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    received++
    response.writeHead(204).end()
  })
})
await new Promise<void>(done => receiver.listen(0, '127.0.0.1', done))
try {
  await migrateDatabase(database)
  const { id } = await createSchool(database, { name: 'Bench webhook statements', timeZone: 'Australia/Sydney' })
  const context = systemContext(database, await requireSchool(database, id), 'bench')
  const token = await issueToken(context, { purpose: 'bench', scopes: ['person.read'] })
  const port = (receiver.address() as { port: number }).port
  await createWebhookSubscription(context, { url: `http://127.0.0.1:${port}/hook`, kinds: ['person.created'], tokenId: token.id }, policy)
  const record = (count: number, from: number) => writeChanges(context, async (_tx, changes) => {
    for (let i = 0; i < count; i++) changes.record('person.created', 'people', `per_${from + i}`)
  })
  const deliver = () => deliverDueWebhooks(database, { policy, schoolIds: [id] })

  let live = 0
  for (let i = 0; i < liveChanges; i++) {
    await record(1, i)
    const before = counter.statements()
    await deliver()
    live += counter.statements() - before
  }
  await record(backlogChanges, liveChanges)
  const before = counter.statements()
  await deliver()
  const backlog = counter.statements() - before
  if (received !== liveChanges + backlogChanges) throw new Error(`The receiver got ${received} posts, not ${liveChanges + backlogChanges}`)
  console.log(JSON.stringify({ live: live / liveChanges, backlog: backlog / backlogChanges }))
} finally {
  receiver.close()
  await database.close()
  await counter.close()
}
