/**
 * `webhook …` commands of the admin CLI: subscriptions, their deliveries, and a tiny receiver to try
 * them with. Registered in cli/admin.ts, which lends its database and printing helpers.
 *
 *   webhook create --school ID --url URL --kinds a,b --token-id ID
 *   webhook list --school ID
 *   webhook deliveries --id SUB [--limit N]
 *   webhook retry --delivery ID
 *   webhook delete --id SUB
 *   webhook set-token --id SUB --token-id ID
 *   webhook receive --port N [--secret SECRET]
 */
import { createServer } from 'node:http'
import { defineCommand } from 'citty'
import type { Database } from '../db/client'
import { requireSchool } from '../server/domain/schools/find-school'
import { systemContext } from '../server/domain/shared/context'
import { domainError } from '../server/domain/shared/domain-error'
import { setDestinationPolicy } from '../server/domain/webhooks/destinations'
import { listWebhookDeliveries, retryWebhookDelivery, schoolOfWebhookDelivery } from '../server/domain/webhooks/deliveries'
import { signatureMatches } from '../server/domain/webhooks/signing'
import {
  createWebhookSubscription, deleteWebhookSubscription, listWebhookSubscriptions, schoolOfWebhookSubscription, setWebhookSubscriptionToken
} from '../server/domain/webhooks/subscriptions'

export interface CommandHelpers {
  withDatabase: (work: (database: Database) => Promise<void>) => Promise<void>
  report: (json: boolean, value: unknown, human: string) => void
}

const json = { type: 'boolean', description: 'Print only JSON on stdout (errors too, as {"error":{"code","detail"}})', default: false } as const

/** The CLI reads WEBHOOKS_ALLOW_PRIVATE as the server does, when a command starts. */
function readDestinationPolicy() {
  if (process.env.WEBHOOKS_ALLOW_PRIVATE !== 'true') return
  setDestinationPolicy({ allowPrivate: true })
  console.error('WARNING: WEBHOOKS_ALLOW_PRIVATE=true: loopback and http:// destinations are allowed. For development and tests only.')
}

async function contextOf(database: Database, schoolId: string) {
  return systemContext(database, await requireSchool(database, schoolId), 'cli')
}

function wholeNumber(value: string, name: string, min: number, max: number): number {
  const number = Number(value)
  if (!/^[0-9]+$/.test(value) || number < min || number > max) throw domainError('validation_failed', [`--${name} takes a whole number from ${min} to ${max}.`])
  return number
}

/** The `webhook` command group. */
export function webhookCommand({ withDatabase, report }: CommandHelpers) {
  const create = defineCommand({
    meta: { name: 'create', description: 'Subscribe a destination to kinds of change; the signing secret is shown only now' },
    args: {
      'school': { type: 'string', required: true, description: 'The school\'s id (sch_…)' },
      'url': { type: 'string', required: true, description: 'The destination: https:// on the public internet' },
      'kinds': { type: 'string', required: true, description: 'Comma-separated event kinds, such as person.created,person.updated' },
      'token-id': { type: 'string', required: true, description: 'The id (tok_…) of the school\'s token the receiver reads with' },
      json
    },
    run: ({ args }) => withDatabase(async (database) => {
      readDestinationPolicy()
      const ctx = await contextOf(database, args.school)
      const kinds = args.kinds.split(',').map(kind => kind.trim()).filter(Boolean)
      const created = await createWebhookSubscription(ctx, { url: args.url, kinds, tokenId: args['token-id'] })
      report(
        args.json, created,
        `Subscription ${created.id} sends ${created.kinds.join(', ')} to ${created.url}.\nKeep this signing secret now; it cannot be shown again:\n${created.secret}`
      )
    })
  })

  const list = defineCommand({
    meta: { name: 'list', description: 'List a school\'s webhook subscriptions, never a secret' },
    args: { school: { type: 'string', required: true, description: 'The school\'s id (sch_…)' }, json },
    run: ({ args }) => withDatabase(async (database) => {
      const subscriptions = await listWebhookSubscriptions(await contextOf(database, args.school))
      report(args.json, subscriptions, subscriptions.map(s =>
        `${s.id}  ${s.url}  ${s.kinds.join(',')}  token ${s.tokenId} (${s.tokenState})  ${s.pending} pending, ${s.givenUp} given up`).join('\n')
      || 'No webhook subscriptions.')
    })
  })

  const deliveries = defineCommand({
    meta: { name: 'deliveries', description: 'A subscription\'s deliveries, newest first, with their last answers' },
    args: {
      id: { type: 'string', required: true, description: 'The subscription\'s id (sub_…)' },
      limit: { type: 'string', default: '50', description: 'How many, 1 to 1000' },
      json
    },
    run: ({ args }) => withDatabase(async (database) => {
      const limit = wholeNumber(args.limit, 'limit', 1, 1000)
      const ctx = await contextOf(database, await schoolOfWebhookSubscription(database, args.id))
      const rows = await listWebhookDeliveries(ctx, args.id, { limit })
      const line = (d: (typeof rows)[number]) => {
        const last = d.lastAttemptAt
          ? `, last ${d.lastAttemptAt}: ${d.lastStatus ?? 'no answer'} in ${d.lastDurationMs} ms ${JSON.stringify((d.lastAnswer ?? '').slice(0, 120))}`
          : ''
        return `${d.id}  ${d.kind} ${d.table}/${d.recordId}  ${d.status}, ${d.attempts} attempt(s)${last}${d.nextAttemptAt ? `, next ${d.nextAttemptAt}` : ''}`
      }
      report(args.json, rows, rows.map(line).join('\n') || 'No deliveries yet.')
    })
  })

  const retry = defineCommand({
    meta: { name: 'retry', description: 'Send a given-up or waiting delivery again now' },
    args: { delivery: { type: 'string', required: true, description: 'The delivery\'s id (dlv_…)' }, json },
    run: ({ args }) => withDatabase(async (database) => {
      const ctx = await contextOf(database, await schoolOfWebhookDelivery(database, args.delivery))
      const retried = await retryWebhookDelivery(ctx, args.delivery)
      report(args.json, retried, `${retried.id} will be sent again shortly.`)
    })
  })

  const remove = defineCommand({
    meta: { name: 'delete', description: 'Stop a subscription; its delivery history is kept' },
    args: { id: { type: 'string', required: true, description: 'The subscription\'s id (sub_…)' }, json },
    run: ({ args }) => withDatabase(async (database) => {
      const ctx = await contextOf(database, await schoolOfWebhookSubscription(database, args.id))
      const deleted = await deleteWebhookSubscription(ctx, args.id)
      report(args.json, deleted, `Deleted ${deleted.id}; nothing more is sent.`)
    })
  })

  const setToken = defineCommand({
    meta: { name: 'set-token', description: 'Give a subscription another token; deliveries waiting for a usable one go on in order' },
    args: {
      'id': { type: 'string', required: true, description: 'The subscription\'s id (sub_…)' },
      'token-id': { type: 'string', required: true, description: 'The id (tok_…) of the school\'s token' },
      json
    },
    run: ({ args }) => withDatabase(async (database) => {
      const ctx = await contextOf(database, await schoolOfWebhookSubscription(database, args.id))
      const changed = await setWebhookSubscriptionToken(ctx, args.id, args['token-id'])
      report(args.json, changed, `${changed.id} now reads with ${changed.tokenId}.`)
    })
  })

  const receive = defineCommand({
    meta: { name: 'receive', description: 'A tiny receiver to try webhooks with: prints what arrives and whether its signature verifies' },
    args: {
      port: { type: 'string', required: true, description: 'The port to listen on' },
      host: { type: 'string', default: '127.0.0.1', description: 'The address to listen on' },
      secret: { type: 'string', description: 'The subscription\'s signing secret, to verify signatures' },
      json: { ...json, description: 'Print one JSON line per post' }
    },
    run: async ({ args }) => {
      const port = wholeNumber(args.port, 'port', 1, 65535)
      const seen = new Set<string>()
      const server = createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () => {
          const body = Buffer.concat(chunks)
          const delivery = String(request.headers['service-delivery'] ?? '')
          const verified = args.secret ? signatureMatches(args.secret, body, request.headers['service-signature'] as string | undefined) : null
          const repeat = seen.has(delivery)
          if (verified !== false) seen.add(delivery)
          const line = { at: new Date().toISOString(), delivery, verified, repeat, body: body.toString('utf8') }
          report(
            args.json, line,
            `${line.at}  ${delivery || '(no Service-Delivery)'}  ${verified === null ? 'signature not checked (no --secret)' : verified ? 'signature verifies' : 'SIGNATURE DOES NOT VERIFY'}${repeat ? '  (repeat, dropped)' : ''}\n  ${line.body}`
          )
          response.writeHead(verified === false ? 401 : 200, { 'Content-Type': 'text/plain' }).end(verified === false ? 'bad signature' : 'ok')
        })
      })
      await new Promise<void>((done, fail) => server.once('error', fail).listen(port, args.host, done))
      report(args.json, { listening: `http://${args.host}:${port}/` }, `Listening on http://${args.host}:${port}/ (Ctrl-C to stop)`)
      await new Promise<void>(done => process.once('SIGINT', done).once('SIGTERM', done))
      server.close()
    }
  })

  return defineCommand({
    meta: { name: 'webhook', description: 'Webhook subscriptions, their deliveries, and a receiver to try them with' },
    subCommands: { create, list, deliveries, retry, delete: remove, 'set-token': setToken, receive }
  })
}
