import { z } from 'zod'
import { interfaceVersion } from '../../shared/interface-version'
import { v1RouteModules, type RouteModule } from '#rollbook/v1-routes'
import { appRouteModules } from '#rollbook/app-routes'
import { apiSchemas, publishedAs } from '../../shared/schemas/common'
import { errorEnvelopeSchema } from '../../shared/schemas/errors'
import { scopeCatalogue } from '../domain/access/catalogue'
import { publicUrl } from '../domain/shared/public-url'
import { sessionCookieName } from './app-session'
import { errorCatalogue, type ErrorCode } from './errors'
import type { DeclaredRoute, RouteDeclarationOf } from './route-pipeline'
import { enforcedRateLimit } from './runtime-settings'

type JsonSchema = Record<string, any>
type Components = Record<string, JsonSchema>

const componentsPrefix = '#/components/schemas/'

/**
 * One zod schema as JSON Schema for the document. Registered schemas, at the top or nested, become
 * `$ref`s and land in `components`; everything else is inline.
 */
function schemaOf(schema: z.ZodType, components: Components): JsonSchema {
  const { $schema: _, $defs = {}, ...root } = z.toJSONSchema(schema, {
    // Handlers return `z.input` of their response schema (nothing parses it on the way out), so requests
    // and responses alike are described from the input side. That also leaves response objects open to
    // added fields, which is not a breaking change (docs/decisions.md, "Surfaces and versions").
    io: 'input',
    unrepresentable: 'any',
    // With our registry zod names each registered schema's definition after its id...
    metadata: apiSchemas,
    // ...but stops reading the global one, where `.describe()` and `.meta()` keep descriptions and formats.
    override: ({ zodSchema, jsonSchema }) => {
      const { id: _id, [publishedAs]: published, ...meta } = z.globalRegistry.get(zodSchema) ?? {}
      if (published) {
        for (const key of Object.keys(jsonSchema)) Reflect.deleteProperty(jsonSchema, key)
        Object.assign(jsonSchema, published)
      }
      Object.assign(jsonSchema, meta)
    }
  }) as JsonSchema
  const intoComponents = (value: JsonSchema): JsonSchema => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${componentsPrefix}`))
  for (const [id, definition] of Object.entries($defs as Components)) {
    // zod's own names (`__schema0`) are for cycles in unregistered schemas, which no component could hold.
    if (/^__schema\d+$/.test(id)) throw new Error('Register every recursive schema on apiSchemas so the OpenAPI document can refer to it.')
    components[id] = intoComponents(definition)
  }
  return intoComponents(root)
}

/** Path or query parameters from an object schema: one per property, its description lifted onto the parameter. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query', components: Components) {
  if (!schema) return []
  let object = schemaOf(schema, components)
  if (object.$ref) object = components[object.$ref.slice(componentsPrefix.length)]!
  return Object.entries((object.properties ?? {}) as Components).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: property
  }))
}

const successDescriptions: Record<number, string> = { 200: 'OK.', 201: 'Created.', 202: 'Accepted: the work goes on after the answer.' }

// Every answer carries the counters: a token's for its endpoint, or, without a valid token, the client address's.
const rateLimitHeaders = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' }
}

const errorsEveryRouteAnswers: ErrorCode[] = ['bad_request', 'validation_failed', 'unauthenticated', 'forbidden', 'component_off', 'rate_limited', 'internal']

/** One response per status, naming each code it can carry (`x-error-codes`), all in the Error envelope. */
function errorResponses(codes: ErrorCode[], errorSchema: JsonSchema) {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of new Set(codes)) {
    const status = errorCatalogue[code][0]
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), {
    description: list.map(code => `\`${code}\`: ${errorCatalogue[code][1]}.`).join(' '),
    'x-error-codes': list,
    headers: {
      ...rateLimitHeaders,
      ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
      ...(status === 401 ? { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } } : {})
    },
    content: { 'application/json': { schema: errorSchema } }
  }]))
}

/** A route Nitro scanned, its module loaded. */
interface LoadedRoute { route: string, method: string, handler: DeclaredRoute }

/** What sets one document apart from another: its routes' base path, how their callers sign in, and its front matter. */
interface DocumentedSurface {
  basePath: string
  /** An operation's `security` and the extensions that say who may call it. */
  callerOf: (declaration: RouteDeclarationOf, handler: DeclaredRoute) => Record<string, unknown>
  /** `info`, `servers`, the document's `security` and its `securitySchemes`, given the scopes its operations take. */
  frontMatter: (scopesInUse: Set<string>) => {
    info: Record<string, unknown>
    servers: Record<string, unknown>[]
    security: Record<string, string[]>[]
    securitySchemes: Record<string, unknown>
  }
}

/** `post /api/v1/tours/:id/bookings` → `postToursByIdBookings`. */
function operationIdOf(method: string, route: string, basePath: string) {
  const words = route.slice(basePath.length + 1).replace(/:(\w+)/g, 'by-$1').split(/[^A-Za-z0-9]+/)
  return method + words.map(word => word.charAt(0).toUpperCase() + word.slice(1)).join('')
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch'])

function operationOf(surface: DocumentedSurface, { handler, method, route }: LoadedRoute, components: Components) {
  const d = handler.declaration
  if (!d || !httpMethods.has(method)) {
    throw new Error(`${method} ${route}: describe only method-suffixed files declared with a surface's define…Route under ${surface.basePath}.`)
  }
  const parameters = [
    ...parametersOf(d.params, 'path', components),
    ...parametersOf(d.query, 'query', components),
    ...(d.idempotent ? [{ $ref: '#/components/parameters/Idempotency-Key' }] : [])
  ]
  const status = d.status ?? 200
  return {
    operationId: operationIdOf(method, route, surface.basePath),
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    tags: [d.tag],
    ...surface.callerOf(d, handler),
    'x-rate-limit': enforcedRateLimit(d.rateLimit),
    'x-module': d.module,
    ...(parameters.length ? { parameters } : {}),
    ...(d.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(d.body, components) } } } } : {}),
    responses: {
      [String(status)]: d.produces
        ? {
            description: 'The file, streamed as an attachment under its own name.',
            headers: {
              ...rateLimitHeaders, 'Content-Disposition': { $ref: '#/components/headers/Content-Disposition' },
              'Content-Length': { $ref: '#/components/headers/Content-Length' }
            },
            content: Object.fromEntries([d.produces].flat().map(type => [type, { schema: { type: 'string' } }]))
          }
        : {
            description: successDescriptions[status] ?? 'Success.',
            headers: { ...rateLimitHeaders, ...(d.idempotent ? { 'Idempotency-Replayed': { $ref: '#/components/headers/Idempotency-Replayed' } } : {}) },
            content: { 'application/json': { schema: schemaOf(d.response, components) } }
          },
      ...(d.signedLink
        ? {
            302: {
              description: 'Where the deployment keeps files in an S3-compatible bucket: a redirect to the bucket\'s signed link to the file, which works for 60 seconds and answers it as an attachment under its own name.',
              headers: { ...rateLimitHeaders, Location: { description: 'The signed link.', schema: { type: 'string', format: 'uri' } } }
            }
          }
        : {}),
      ...errorResponses([
        ...errorsEveryRouteAnswers,
        ...(d.params ? ['not_found' as const] : []),
        ...(d.idempotent ? ['conflict' as const] : []),
        ...(d.body ? ['payload_too_large' as const] : []),
        ...(d.errors ?? [])
      ], schemaOf(errorEnvelopeSchema, components))
    }
  }
}

/** Tags in the order of the endpoint groups (docs/decisions.md); a tag not listed here follows them, undescribed. */
const tagDescriptions: Record<string, string> = {
  People: 'People, their affiliations with the school and alumni.',
  Billing: 'Who pays each student\'s fees.',
  Admissions: 'Enquiries, tours and bookings, applications, enrolments and starters.',
  Rosters: 'Class rosters in OneRoster or directory-sync format.',
  Imports: 'The staff export and the student-information-system export.',
  Absences: 'Absences the register found with no report, and those families reported and explained.',
  Exports: 'Nightly warehouse files.',
  Events: 'The school\'s changes in order: a feed to poll, or to catch up from after missed webhooks.'
}

/**
 * What a token is and what each scope grants, telling the scopes some endpoint of this version takes
 * from those of capabilities still to come, so the document promises nothing the build lacks.
 */
function scopesDescription(inUse: Set<string>) {
  const listed = (scopes: [string, string][]) => scopes.map(([scope, grants]) => `\`${scope}\` (${grants})`).join('; ')
  const scopes = Object.entries(scopeCatalogue)
  const planned = scopes.filter(([scope]) => !inUse.has(scope))
  return `A token issued by an administrator (with the admin CLI: \`token issue\`), naming one school and its scopes. Scopes the endpoints of this version take: ${listed(scopes.filter(([scope]) => inUse.has(scope)))}.`
    + (planned.length ? ` Planned, for capabilities still to come (no endpoint of this version takes them yet): ${listed(planned)}.` : '')
}

async function buildDocument(surface: DocumentedSurface, routes: LoadedRoute[]) {
  const components: Components = {}
  const paths: Record<string, Record<string, unknown>> = {}
  const tags = new Set<string>()
  const scopesInUse = new Set<string>()
  for (const route of routes) {
    const path = route.route.slice(surface.basePath.length).replace(/:(\w+)/g, '{$1}')
    paths[path] = { ...paths[path], [route.method]: operationOf(surface, route, components) }
    tags.add(route.handler.declaration.tag)
    if (route.handler.declaration.scope) scopesInUse.add(route.handler.declaration.scope)
  }
  const knownTags = Object.keys(tagDescriptions)
  const tagRank = (tag: string) => knownTags.includes(tag) ? knownTags.indexOf(tag) : knownTags.length
  const { info, servers, security, securitySchemes } = surface.frontMatter(scopesInUse)

  return {
    openapi: '3.1.0',
    info,
    servers,
    tags: [...tags].sort((a, b) => tagRank(a) - tagRank(b)).map(name => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) })),
    security,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: Object.fromEntries(Object.keys(components).sort().map(id => [id, components[id]])),
      parameters: {
        'Idempotency-Key': {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Honoured for 24 hours per token: the same key returns the first answer without redoing the work; the same key with a different request is `conflict`.',
          schema: { type: 'string', minLength: 1, maxLength: 255 }
        }
      },
      headers: {
        'X-RateLimit-Limit': {
          description: 'Requests this token may make to this endpoint per clock minute; without a valid token, requests this client address may make per minute.',
          schema: { type: 'integer' }
        },
        'X-RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds until the minute ends and the counter restarts.', schema: { type: 'integer' } },
        'WWW-Authenticate': { description: '`Bearer`: send a bearer token.', schema: { type: 'string' } },
        'Content-Disposition': { description: '`attachment`, with the file\'s own name.', schema: { type: 'string' } },
        'Content-Length': { description: 'The file\'s size in bytes.', schema: { type: 'integer' } },
        'Idempotency-Replayed': {
          description: '`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.',
          schema: { type: 'string', enum: ['true'] }
        }
      },
      securitySchemes
    }
  }
}

const v1Surface: DocumentedSurface = {
  basePath: '/api/v1',
  callerOf: d => ({
    security: [{ bearerToken: [d.scope] }],
    'x-scope': d.scope,
    ...(d.tokensIssuedVia ? { 'x-token-issued-via': d.tokensIssuedVia } : {})
  }),
  frontMatter: scopesInUse => ({
    info: {
      title: 'Rollbook API',
      version: interfaceVersion,
      description: 'The supported, versioned program interface of Rollbook. Every endpoint needs `Authorization: Bearer <token>`; each operation names its scope (`x-scope`) and its limit of requests per token per clock minute (`x-rate-limit`). Clients must ignore response fields they do not know.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' }
    },
    servers: [{ url: `${publicUrl()}/api/v1`, description: 'This server (`PUBLIC_URL`).' }],
    security: [{ bearerToken: [] }],
    securitySchemes: {
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        description: scopesDescription(scopesInUse)
      }
    }
  })
}

const appSurface: DocumentedSurface = {
  basePath: '/api/app',
  callerOf: (d, handler) => ({
    security: [{ sessionCookie: [] }],
    'x-surface': handler.surface.name,
    ...(d.scope ? { 'x-capability': d.scope } : {})
  }),
  frontMatter: () => ({
    info: {
      title: 'Rollbook screens\' routes',
      version: interfaceVersion,
      description: 'The routes the staff screens and the family portal call, signed in by the session cookie. Served only by a server in test mode, for the hostile-input fuzz: it is no interface anyone may build on. `x-surface` says whether a route is the staff screens\' (`app`) or the family portal\'s (`portal`), `x-capability` what a member of staff\'s role must grant.'
    },
    servers: [{ url: `${publicUrl()}/api/app`, description: 'This server (`PUBLIC_URL`).' }],
    security: [{ sessionCookie: [] }],
    securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: sessionCookieName() } }
  })
}

const loaded = (routes: RouteModule[]) => Promise.all(routes.map(async ({ route, method, load }) => ({ route, method, handler: (await load()).default })))

/** Made once, on first request; a failure is not kept, so the next request tries again. */
function madeOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => made ??= make().catch((error) => {
    made = undefined
    throw error
  })
}

/** The OpenAPI 3.1 document of `/api/v1`, made once from the route declarations and their zod schemas. */
export const openApiDocument = madeOnce(async () => buildDocument(v1Surface, await loaded(v1RouteModules)))

/**
 * The same description of `/api/app`, for the tests' fuzz only (server/routes/_app-openapi.json.get.ts).
 * The sign-in routes, which come before any session, are declared with `defineSignInRoute`, which
 * keeps no declaration to describe: they are left out.
 */
export const appRoutesDocument = madeOnce(async () => buildDocument(appSurface, (await loaded(appRouteModules)).filter(({ handler }) => handler.declaration)))
