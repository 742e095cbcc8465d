/**
 * fast-check generators of hostile requests, built from the OpenAPI document: every operation, with
 * path, query and body values a hostile or careless client might send. A request is a plan (small
 * enough to print as a counterexample); `requestBytes` makes its bytes.
 */
import fc from 'fast-check'

export interface BodyPlan {
  /** `json`: generated from the schema; `text`: sent as is; `deep`: arrays nested `size` deep; `big`: a string field of `size` bytes; `bytes`: not UTF-8. */
  kind: 'json' | 'text' | 'deep' | 'big' | 'bytes'
  value?: unknown
  text?: string
  size?: number
  contentType: string | null
  /** Sent in HTTP chunks of this many bytes (or more, for a big body) rather than with a Content-Length. */
  chunked: number | null
}

export interface RequestPlan {
  method: string
  path: string
  headers: Record<string, string>
  body: BodyPlan | null
}

export interface FuzzContext {
  operations: { method: string, path: string, basePath: string, operation: any }[]
  components: Record<string, any>
  /** Values a well-behaved client would send for a path parameter or cursor, so handlers run all the way. */
  knownIds: string[]
  cursors: string[]
  credentials: Credentials
  /** Values the school lists for fields the schema leaves open (`channel`, `relationship`), so some writes succeed. */
  listed: Record<string, string[]>
}

/**
 * How the plans sign in: by bearer token (`/api/v1`) or session cookie (`/api/app`), with the secrets
 * of the callers and how often each is sent. The first is the usual caller, whose credential the
 * hostile variants garble; the others are callers who may do less, or another family's adult.
 */
export interface Credentials {
  by: 'bearer' | 'cookie'
  secrets: { secret: string, weight: number }[]
}

/** Where each way of signing in travels, and what a careless or hostile client sends there instead. */
const signedIn = {
  bearer: {
    header: 'Authorization',
    value: (secret: string) => `Bearer ${secret}`,
    garbled: (secret: string) =>
      [`bearer ${secret}`, `Bearer  ${secret} `, `Bearer ${secret}x`, 'Bearer', 'Basic YTpi', `Bearer rbk_${'A'.repeat(40)}`, `Bearer ${'x'.repeat(3000)}`]
  },
  cookie: {
    header: 'Cookie',
    value: (secret: string) => `rollbook_session=${secret}`,
    garbled: (secret: string) => [
      `rollbook_session=${secret}x`, `rollbook_session=${secret.slice(0, -1)}`, 'rollbook_session=', `rollbook_session=${'x'.repeat(3000)}`,
      `rollbook_session="${secret}"`, `ROLLBOOK_SESSION=${secret}`, `__Host-rollbook_session=${secret}`, `rollbook_session=${secret}; rollbook_session=x`,
      'rollbook_session=%zz', 'rollbook_session=%E0%A4', `rollbook_session=${encodeURIComponent(secret)}%00`, `=; ;; rollbook_session=${secret}`, 'other=1'
    ]
  }
} as const

/** The credential header's value for a plan: mostly a caller's, sometimes none, sometimes garbled. */
function credentialFor({ by, secrets }: Credentials): fc.Arbitrary<string | null> {
  const { value, garbled } = signedIn[by]
  return fc.oneof(
    ...secrets.map(({ secret, weight }) => ({ weight, arbitrary: fc.constant(value(secret)) })),
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...garbled(secrets[0]!.secret)) }
  )
}

const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'then']

/** Strings chosen to break parsers, logs, databases and number readers. */
const nastyStrings = [
  '', ' ', '\u0000', 'a\u0000b', '\n', '\r\n', '\t', '\u0001', '\u001b[31m', '\u007f', '\u0085', '\u2028', '\u2029', '\u200b', '\u202e', '\ufeff',
  '%00', '%0A', '%', '%zz', '..', '../..', '/', '\\', '"', '\'', '`', '<script>', '${x}', '{{x}}', '\'; drop table people; --',
  'null', 'undefined', 'true', 'NaN', 'Infinity', '-Infinity', '-0', '0x10', '1e2', '1e309', '+5', ' 5', '5.0', '007', '-1', '0', '1000', '1001',
  '9'.repeat(30), '2024-02-30', '0000-01-01', '9999-12-31', '2024-13-01', 'per_abc', `per_${'a'.repeat(61)}`, 'PER_ABC', '😀', '\ud83d', 'é', 'ｅ',
  ...prototypeKeys
]

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 200, maxLength: 3000 }) }
)

/** A string that survives encodeURIComponent (no lone surrogates). */
const urlSafe = (arbitrary: fc.Arbitrary<string>) => arbitrary.filter(value => value.isWellFormed())

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 2000, 2100, 1999, 2101),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true })
)

/** Any JSON value at all: the wrong type in any field. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...prototypeKeys), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) }
)

function resolve(schema: any, components: Record<string, any>): any {
  return schema?.$ref ? resolve(components[schema.$ref.split('/').pop()], components) : schema ?? {}
}

/**
 * A value for a JSON Schema. `hostile`: mostly one it allows, often the wrong type, with unknown and
 * prototype keys added to objects; otherwise only values shaped as it says, so handlers run too.
 */
export function valueFor(raw: any, context: Pick<FuzzContext, 'components' | 'listed'>, hostile: boolean, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(raw, context.components)
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) return fc.oneof(...variants.map((variant: any) => valueFor(variant, context, hostile, depth + 1)))
  let fitting: fc.Arbitrary<unknown>
  if (schema.enum) {
    fitting = fc.constantFrom(...schema.enum)
  } else if (context.listed[name]?.length) {
    fitting = fc.constantFrom(...context.listed[name]!)
  } else if (schema.type === 'object' && depth < 4) {
    const properties = Object.entries<any>(schema.properties ?? {})
    const known = fc.record(
      Object.fromEntries(properties.map(([name, property]) => [name, valueFor(property, context, hostile, depth + 1, name)])),
      { requiredKeys: schema.required ?? [] }
    )
    fitting = !hostile
      ? known
      : fc.tuple(known, fc.dictionary(fc.oneof(fc.constantFrom(...prototypeKeys), hostileString), anyJson, { maxKeys: 2 }))
          .map(([named, extra]) => Object.assign(JSON.parse(JSON.stringify(extra)), named))
  } else if (schema.type === 'array') {
    fitting = fc.array(valueFor(schema.items, context, hostile, depth + 1), { maxLength: 5 })
  } else if (schema.type === 'integer' || schema.type === 'number') {
    fitting = fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 })
  } else if (schema.type === 'string' && schema.format === 'date') {
    fitting = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map(date => date.toISOString().slice(0, 10))
  } else if (schema.type === 'string' && schema.format === 'email') {
    fitting = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.org', 'school.example.com')).map(([name, domain]) => `${name}@${domain}`)
  } else if (schema.type === 'string' && schema.pattern) {
    fitting = fc.stringMatching(new RegExp(schema.pattern)).map(value => value.slice(0, schema.maxLength ?? 200))
  } else if (schema.type === 'string') {
    fitting = fc.string({ minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.min(schema.maxLength ?? 40, 60) }).filter(value => value.trim() !== '')
  } else {
    fitting = hostile ? anyJson : fc.constant(null)
  }
  return hostile ? fc.oneof({ weight: 3, arbitrary: fitting }, { weight: 1, arbitrary: anyJson }) : fitting
}

/** A query value as text: what the schema allows or, when hostile, strings and numbers written every which way. */
function queryValueFor(schema: any, context: FuzzContext, name: string, hostile: boolean): fc.Arbitrary<string> {
  const fitting = name === 'cursor'
    ? fc.oneof(fc.constantFrom(...context.cursors), fc.constantFrom(...context.cursors)
        .chain(cursor => fc.nat(cursor.length - 1).map(at => cursor.slice(0, at) + 'A' + cursor.slice(at + 1))))
    : valueFor(schema, context, false).map(value => typeof value === 'string' ? value : JSON.stringify(value) ?? '')
  return hostile ? urlSafe(fc.oneof({ weight: 1, arbitrary: fitting }, { weight: 2, arbitrary: hostileString })) : fitting
}

/** A path segment as sent: percent-encoded, or with raw percent junk that decodes to nothing sensible. */
const encodedSegment = (value: fc.Arbitrary<string>) => fc.oneof(
  { weight: 5, arbitrary: urlSafe(value).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4', '%C0%AE', '%2F', '%2e%2e', 'a%00b', '%FF%FE', '%F0%9F%98') }
)

const queryText = (pairs: [string, string][]) => pairs.length
  ? '?' + pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&')
  : ''

function queryFor(operation: any, context: FuzzContext): fc.Arbitrary<string> {
  const parameters = (operation?.parameters ?? []).map((parameter: any) => resolve(parameter, context.components))
    .filter((parameter: any) => parameter.in === 'query')
  const named = (hostile: boolean) => fc.record(
    Object.fromEntries(parameters.map((parameter: any) => [parameter.name, queryValueFor(parameter.schema, context, parameter.name, hostile)])),
    { requiredKeys: [] }
  )
    .map(values => Object.entries(values as Record<string, string>))
  const unknown = fc.array(
    fc.tuple(urlSafe(fc.oneof(fc.constantFrom(...prototypeKeys, 'limit[]', 'limit[0]', 'a.b', ''), hostileString)), urlSafe(hostileString)),
    { maxLength: 2 }
  )
  const repeated = fc.array(
    fc.tuple(fc.constantFrom(...parameters.map((parameter: any) => parameter.name as string), 'limit'), urlSafe(hostileString)), { maxLength: 1 }
  )
  return fc.oneof(
    { weight: 3, arbitrary: named(false).map(queryText) },
    { weight: 2, arbitrary: fc.tuple(named(true), unknown, repeated).map(([known, extra, again]) => queryText([...known, ...extra, ...again])) }
  )
}

function pathFor(context: FuzzContext, target: FuzzContext['operations'][number] | null): fc.Arbitrary<string> {
  if (!target) {
    return fc.array(encodedSegment(hostileString), { minLength: 1, maxLength: 3 }).map(segments => `${context.operations[0]!.basePath}/${segments.join('/')}`)
  }
  const names = [...target.path.matchAll(/\{(\w+)\}/g)].map(match => match[1]!)
  const idValue = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...context.knownIds) }, { weight: 2, arbitrary: fc.stringMatching(/^[a-z]{3}_[0-9a-z]{1,20}$/) },
    { weight: 3, arbitrary: hostileString }
  )
  return fc.tuple(...names.map(() => encodedSegment(idValue))).map(values =>
    target.basePath + names.reduce((path, name, index) => path.replace(`{${name}}`, values[index]!), target.path))
}

const bodyPlan = (operation: any, context: FuzzContext): fc.Arbitrary<BodyPlan> => {
  const schema = operation?.requestBody?.content?.['application/json']?.schema
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(
      'application/json; charset=utf-8', 'application/vnd.api+json', 'text/plain', 'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x', 'APPLICATION/JSON'
    ) },
    { weight: 1, arbitrary: fc.constant(null) }
  )
  const chunked = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(1, 7, 512, 4096, 65_536) })
  const kind = fc.oneof(
    { weight: 6, arbitrary: valueFor(schema, context, false).map(value => ({ kind: 'json' as const, value })) },
    { weight: 10, arbitrary: valueFor(schema, context, true).map(value => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: anyJson.map(value => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom(
      '', '{', '[', '{"student":', 'nul', '{"a":1}x', '\ufeff{}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'
    )).map(text => ({ kind: 'text' as const, text })) },
    { weight: 1, arbitrary: fc.integer({ min: 60, max: 8000 }).map(size => ({ kind: 'deep' as const, size })) },
    { weight: 1, arbitrary: fc.constantFrom(100_000, 900_000, 999_980, 1_000_001, 1_300_000).map(size => ({ kind: 'big' as const, size })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 64 }).map(size => ({ kind: 'bytes' as const, size })) }
  )
  return fc.tuple(kind, contentType, chunked).map(([plan, type, chunks]) => ({ ...plan, contentType: type, chunked: chunks }))
}

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * One hostile request against a documented operation (or an undocumented path beside them). The
 * generators of each operation are made once, here: making them per request would cost more than
 * the requests.
 */
export function hostileRequest(context: FuzzContext): fc.Arbitrary<RequestPlan> {
  const credential = credentialFor(context.credentials)
  const credentialHeader = signedIn[context.credentials.by].header
  const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map(code => String.fromCharCode(code)), maxLength: 300 })
  const host = fc.oneof(
    { weight: 20, arbitrary: fc.constant('localhost') },
    { weight: 1, arbitrary: fc.constantFrom('[::1', 'a b', '', 'localhost:99999999', '%00', '[', ':') }
  )
  const idempotencyKey = fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.oneof(fc.uuid(), printable, fc.constantFrom(' ', 'k'.repeat(256))) }
  )
  const rareBody = fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: bodyPlan(null, context) })
  const requestFor = (target: FuzzContext['operations'][number] | null) => fc.record({
    method: fc.oneof({ weight: 6, arbitrary: fc.constant((target?.method ?? 'get').toUpperCase()) }, { weight: 1, arbitrary: fc.constantFrom(...methods) }),
    // Node refuses a request line and headers past 16 KB on its own (431), before any handler.
    path: fc.tuple(pathFor(context, target), queryFor(target?.operation, context)).map(([path, query]) => (path + query).slice(0, 10_000)),
    credential,
    host,
    idempotencyKey,
    body: target?.operation?.requestBody ? bodyPlan(target.operation, context) : rareBody
  }).map(({ method, path, credential, host, idempotencyKey, body }): RequestPlan => ({
    method,
    path,
    headers: {
      Host: host,
      ...(credential ? { [credentialHeader]: credential } : {}),
      ...(idempotencyKey !== null ? { 'Idempotency-Key': idempotencyKey } : {})
    },
    body: method === 'HEAD' ? null : body
  }))
  return fc.oneof(
    ...context.operations.map(operation => ({ weight: 4, arbitrary: requestFor(operation) })),
    { weight: 1, arbitrary: requestFor(null) }
  )
}

function bodyBytes(body: BodyPlan): Buffer {
  switch (body.kind) {
    case 'json': return Buffer.from(JSON.stringify(body.value) ?? 'null')
    case 'text': return Buffer.from(body.text!)
    case 'deep': return Buffer.from('{"student":' + '['.repeat(body.size!) + ']'.repeat(body.size!) + '}')
    case 'big': return Buffer.from(`{"channel":"${'x'.repeat(body.size!)}"}`)
    case 'bytes': return Buffer.alloc(body.size!, 0xff)
  }
}

/** The request's head and body as they go on the wire. */
export function requestBytes(plan: RequestPlan): { head: string, body: Buffer[] } {
  const headers = Object.entries(plan.headers).map(([name, value]) => `${name}: ${value}\r\n`)
  let body: Buffer[] = []
  if (plan.body) {
    const bytes = bodyBytes(plan.body)
    if (plan.body.contentType) headers.push(`Content-Type: ${plan.body.contentType}\r\n`)
    if (plan.body.chunked) {
      headers.push('Transfer-Encoding: chunked\r\n')
      // At most 2,000 chunks, so a megabyte in one-byte chunks does not make the run crawl.
      const chunkSize = Math.max(plan.body.chunked, Math.ceil(bytes.length / 2000))
      for (let at = 0; at < bytes.length; at += chunkSize) {
        const piece = bytes.subarray(at, at + chunkSize)
        body.push(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]))
      }
      body.push(Buffer.from('0\r\n\r\n'))
    } else {
      headers.push(`Content-Length: ${bytes.length}\r\n`)
      body = [bytes]
    }
  }
  // Kept alive, as clients do: a server that answers before reading a body then reads and drops the
  // rest rather than closing on it (a close with bytes unread resets the connection, answer and all).
  return { head: `${plan.method} ${plan.path} HTTP/1.1\r\n${headers.join('')}\r\n`, body }
}

/** A plan as a line for a failure message: long values cut. */
export function describePlan(plan: RequestPlan): string {
  const cut = (text: string) => text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text
  const body = plan.body && {
    ...plan.body, value: plan.body.value === undefined ? undefined : cut(JSON.stringify(plan.body.value) ?? 'undefined'),
    text: plan.body.text === undefined ? undefined : cut(plan.body.text)
  }
  return cut(`${plan.method} ${plan.path}`) + ' ' + JSON.stringify({ headers: Object.fromEntries(
    Object.entries(plan.headers).map(([name, value]) => [name, cut(name === 'Authorization' ? value.replace(/rbk_\w+/, 'rbk_…') : value)])
  ), body })
}
