import createClient, { type Client, type Middleware } from 'openapi-fetch'
import { operationTable } from './operations'
import { defaultRetryPolicy, retryingFetch, type FetchLike, type RetryPolicy } from './retry'
import type { components, paths } from './schema'

export type { components, operations, paths } from './schema'
export { operationTable } from './operations'
export { retryAfterSeconds, type RetryPolicy } from './retry'
export { deliveryHeader, signatureHeader, verifyWebhook, webhookDeliveryId, type WebhookHeaders } from './webhooks'

/** A named schema of the API: `Schema<'Person'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]

/** The error envelope every refusal carries. */
export type ErrorEnvelope = Schema<'Error'>

type GetOf<P extends keyof paths> = paths[P] extends { get: infer Operation } ? Operation : never
type JsonAnswer<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never

/** The paths of every list: a GET answering `{items, nextCursor}`. */
export type ListPath = { [P in keyof paths]: JsonAnswer<GetOf<P>> extends { items: readonly unknown[], nextCursor: unknown } ? P : never }[keyof paths]
/** One page of a list, as its GET answers it. */
export type ListPage<P extends ListPath> = JsonAnswer<GetOf<P>>
/** One item of a list. */
export type ListItem<P extends ListPath> = ListPage<P> extends { items: readonly (infer Item)[] } ? Item : never
/** A list's query, its cursor aside: the helpers carry the cursor from page to page. */
export type ListQuery<P extends ListPath> = Omit<NonNullable<GetOf<P> extends { parameters: { query?: infer Query } } ? Query : never>, 'cursor' | 'after'>

/** Walks a list: `all` gives its items, `pages` its pages (each with the `nextCursor` to resume from). */
export interface ListWalker<P extends ListPath> {
  all: (query?: ListQuery<P>) => AsyncGenerator<ListItem<P>, void, undefined>
  pages: (query?: ListQuery<P>, startAfter?: string) => AsyncGenerator<ListPage<P>, void, undefined>
}

/** A walker per list whose path is one word: `client.people`, `client.events`, … */
type NamedLists = { [P in ListPath as P extends `/${infer Name}` ? (Name extends `${string}/${string}` ? never : Name) : never]: ListWalker<P> }

export interface RollbookClientOptions {
  /** The server's address (`https://rollbook.example.org`); the `/api/v1` base is added unless given. */
  baseUrl: string
  /** A bearer token an administrator issued for the school. */
  token: string
  /** A fetch of your own (a proxy, a test); the global fetch by default. */
  fetch?: FetchLike
  /** How a 429 is retried: `{ attempts: 0 }` hands every 429 back at once. */
  retry?: Partial<RetryPolicy>
}

/** A refusal in the API's error envelope, or an answer that was not one. */
export class RollbookApiError extends Error {
  readonly status: number
  readonly envelope: ErrorEnvelope | undefined

  constructor(status: number, envelope: unknown) {
    const known = typeof envelope === 'object' && envelope !== null && 'data' in envelope ? envelope as ErrorEnvelope : undefined
    super(known ? `${status} ${known.data.code}: ${known.data.detail.join(' ')}` : `The server answered ${status}.`)
    this.name = 'RollbookApiError'
    this.status = status
    this.envelope = known
  }

  /** The contract's code (`not_found`, `rate_limited`, …), when the answer was an envelope. */
  get code(): ErrorEnvelope['data']['code'] | undefined {
    return this.envelope?.data.code
  }
}

export type RollbookClient = Client<paths> & NamedLists & {
  /** Every item of a list, walking its cursor: `for await (const person of client.all('/people'))`. */
  all: <P extends ListPath>(path: P, query?: ListQuery<P>) => AsyncGenerator<ListItem<P>, void, undefined>
  /** Every page of a list from `startAfter` (a `nextCursor` kept from before), until a page comes back empty or last. */
  pages: <P extends ListPath>(path: P, query?: ListQuery<P>, startAfter?: string) => AsyncGenerator<ListPage<P>, void, undefined>
}

const idempotentOperations = new Set<string>(
  operationTable.filter(operation => operation.idempotent).map(operation => `${operation.method.toUpperCase()} ${operation.path}`)
)

/** Gives every write that honours `Idempotency-Key` a random one, unless the caller set its own. */
const idempotencyKeys: Middleware = {
  onRequest({ request, schemaPath }) {
    if (!idempotentOperations.has(`${request.method} ${schemaPath}`) || request.headers.has('idempotency-key')) return undefined
    const headers = new Headers(request.headers)
    headers.set('Idempotency-Key', crypto.randomUUID())
    return new Request(request, { headers })
  }
}

/** The API's base: the server's address with `/api/v1`. */
function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '')
  return trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`
}

/** The list paths of one word, by that word. */
function listNames(): [string, ListPath][] {
  return operationTable.flatMap(operation => operation.method === 'get' && 'cursor' in operation && /^\/[^/]+$/.test(operation.path)
    ? [[operation.path.slice(1), operation.path as ListPath]]
    : [])
}

/**
 * A client of the Rollbook API (`/api/v1`), typed from its OpenAPI document: `client.GET('/people/{id}',
 * { params: { path: { id } } })` and the other methods of openapi-fetch, list walkers, an `Idempotency-Key`
 * on every write that honours one, and 429s retried after `Retry-After`.
 */
export function createRollbookClient(options: RollbookClientOptions): RollbookClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const api = createClient<paths>({
    baseUrl: apiBase(options.baseUrl),
    headers: { Authorization: `Bearer ${options.token}` },
    fetch: retryingFetch(send, { ...defaultRetryPolicy, ...options.retry })
  })
  api.use(idempotencyKeys)

  async function* pages<P extends ListPath>(path: P, query?: ListQuery<P>, startAfter?: string): AsyncGenerator<ListPage<P>, void, undefined> {
    const cursorName = operationTable.find(operation => operation.method === 'get' && operation.path === path && 'cursor' in operation)
    if (!cursorName || !('cursor' in cursorName)) throw new TypeError(`${path} is not a list.`)
    let cursor = startAfter
    for (;;) {
      // The path is a list's, so its GET takes this query; openapi-fetch's types cannot follow a generic path.
      const { data, error, response } = await (api.GET as (
        path: string, init: object
      ) => Promise<{ data?: unknown, error?: unknown, response: Response }>)(path, {
        params: { query: { ...query, ...(cursor === undefined ? {} : { [cursorName.cursor]: cursor }) } }
      })
      if (error !== undefined || data === undefined) throw new RollbookApiError(response.status, error)
      const page = data as ListPage<P>
      yield page
      const next = (page as { nextCursor: string | null }).nextCursor
      if (!next || (page as { items: unknown[] }).items.length === 0) return
      cursor = next
    }
  }

  async function* all<P extends ListPath>(path: P, query?: ListQuery<P>): AsyncGenerator<ListItem<P>, void, undefined> {
    for await (const page of pages(path, query)) yield* (page as { items: ListItem<P>[] }).items
  }

  const named = Object.fromEntries(listNames().map(([name, path]) => [name, {
    all: (query?: ListQuery<typeof path>) => all(path, query),
    pages: (query?: ListQuery<typeof path>, startAfter?: string) => pages(path, query, startAfter)
  }])) as NamedLists

  return Object.assign(api, named, { all, pages })
}
