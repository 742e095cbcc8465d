import { z } from 'zod'
import { v1RouteModules } from '#rollbook/api-routes'
import { apiSchemas } from '../schemas/common'
import { errorEnvelopeSchema } from '../schemas/errors'
import { scopeCatalogue } from '../domain/tokens/scopes'
import { errorCatalogue, type ErrorCode } from './errors'
import type { ApiRouteHandler } from './api-route'

const schemaRef = (id: string) => `#/components/schemas/${id}`

/** A schema as JSON Schema: a `$ref` when it is registered, inline otherwise. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const id = apiSchemas.get(schema)?.id
  if (id) return { $ref: schemaRef(id) }
  const { $schema: _, ...inline } = z.toJSONSchema(schema, { io, unrepresentable: 'any', metadata: apiSchemas, uri: schemaRef }) as Record<string, unknown>
  return inline
}

function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return schema instanceof z.ZodObject ? schema.shape as Record<string, z.ZodType> : {}
}

const errorsEveryRouteAnswers: ErrorCode[] = ['bad_request', 'validation_failed', 'unauthenticated', 'forbidden', 'component_off', 'rate_limited', 'internal']

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of new Set(codes)) {
    const status = errorCatalogue[code][0]
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), {
    description: `Error: ${list.map(code => '`' + code + '`').join(', ')}.`,
    ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds until the window resets.', schema: { type: 'integer' } } } } : {}),
    content: { 'application/json': { schema: { $ref: schemaRef('Error') } } }
  }]))
}

function operation(handler: ApiRouteHandler, method: string, route: string) {
  const d = handler.declaration
  const parameters = [
    ...Object.entries(objectShape(d.params)).map(([name, schema]) => ({ name, in: 'path', required: true, schema: jsonSchema(schema, 'input') })),
    ...Object.entries(objectShape(d.query)).map(([name, schema]) => ({
      name, in: 'query', required: !schema.safeParse(undefined).success, schema: jsonSchema(schema, 'input'),
      ...(schema.description ? { description: schema.description } : {})
    })),
    ...(d.idempotent ? [{ name: 'Idempotency-Key', in: 'header', required: false, description: 'Honoured for 24 hours: the same key returns the first answer; with a different request it is `conflict`.', schema: { type: 'string', maxLength: 255 } }] : [])
  ]
  const status = String(d.status ?? 200)
  const rateHeaders = {
    'X-RateLimit-Limit': { description: 'Requests allowed per clock minute.', schema: { type: 'integer' } },
    'X-RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } }
  }
  return {
    operationId: `${method}${route.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '')}`,
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    tags: [d.tag],
    security: [{ bearerToken: [d.scope] }],
    'x-scope': d.scope,
    'x-rate-limit': d.rateLimit,
    'x-module': d.module,
    ...(parameters.length ? { parameters } : {}),
    ...(d.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(d.body, 'input') } } } } : {}),
    responses: {
      [status]: { description: d.summary, headers: rateHeaders, content: { 'application/json': { schema: jsonSchema(d.response, 'output') } } },
      ...errorResponses([...errorsEveryRouteAnswers, ...(d.params ? ['not_found' as const] : []), ...(d.idempotent ? ['conflict' as const] : []), ...(d.body ? ['payload_too_large' as const] : []), ...(d.errors ?? [])])
    }
  }
}

let document: Promise<Record<string, unknown>> | undefined

/** The OpenAPI 3.1 document of `/api/v1`, made from the route declarations and their zod schemas. */
export function openApiDocument() {
  document ??= (async () => {
    const paths: Record<string, Record<string, unknown>> = {}
    for (const route of v1RouteModules) {
      const handler = (await route.load()).default
      const path = route.route.replace(/:(\w+)/g, '{$1}')
      paths[path] = { ...paths[path], [route.method]: operation(handler, route.method, route.route) }
    }
    void errorEnvelopeSchema
    const components = z.toJSONSchema(apiSchemas, { io: 'output', unrepresentable: 'any', uri: schemaRef }) as { schemas: Record<string, Record<string, unknown>> }
    for (const schema of Object.values(components.schemas)) delete schema.$schema
    return {
      openapi: '3.1.0',
      info: {
        title: 'Rollbook API',
        version: '1.0',
        description: 'The supported, versioned program interface of Rollbook. Every endpoint needs `Authorization: Bearer <token>`; each operation names its scope (`x-scope`) and its per-minute limit per token (`x-rate-limit`).',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' }
      },
      servers: [{ url: '/' }],
      tags: [{ name: 'People', description: 'People and their roles.' }, { name: 'Admissions', description: 'Enquiries, tours, applications and starters.' }],
      security: [{ bearerToken: [] }],
      paths,
      components: {
        schemas: components.schemas,
        securitySchemes: {
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description: `A token issued in the school's settings. Scopes: ${Object.entries(scopeCatalogue).map(([scope, grants]) => `\`${scope}\` (${grants})`).join('; ')}.`
          }
        }
      }
    }
  })()
  return document
}
