import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

/**
 * Answers of the OneRoster provider checked against 1EdTech's own binding documents, stored unmodified in
 * tests/fixtures/oneroster (README.md there says where each came from). The document is the judge, not our reading of it.
 */
export type OneRosterVersion = '1.2' | '1.1'

interface Binding { file: string, base: string }

const fixtures = resolve(import.meta.dirname, '../fixtures/oneroster')
const bindings: Record<OneRosterVersion, Binding | undefined> = {
  '1.2': { file: 'onerosterv1p2rostersservice_openapi3_v1p0.json', base: '/ims/oneroster/rostering/v1p2' },
  // No authentic 1EdTech (IMS) OneRoster 1.1 REST/JSON binding document could be found to store (README.md says
  // what was searched); answers are not checked against schemas of our own making presented as 1EdTech's.
  '1.1': undefined
}

// The formats ajv-formats checks; a format outside this list in a document fails loudly rather than passing every value.
const checkedFormats = ['date', 'date-time', 'uri', 'email'] as const

interface Operation { path: string, operationId: string, pattern: RegExp, literals: number, responses: Record<string, any> }
interface Loaded { ajv: Ajv, id: string, base: string, operations: Operation[], compiled: Map<string, ValidateFunction> }

const loaded = new Map<OneRosterVersion, Loaded>()

function binding(version: OneRosterVersion): Binding {
  const found = bindings[version]
  if (!found) {
    throw new Error(`No 1EdTech OneRoster ${version} binding document is stored in tests/fixtures/oneroster (see its README.md): `
      + `${version} answers cannot be checked`)
  }
  return found
}

/** OpenAPI 3.0's `nullable: true` is not JSON Schema: it becomes a type (or an alternative) that admits null. */
function withoutNullable(schema: any): any {
  if (Array.isArray(schema)) return schema.map(withoutNullable)
  if (!schema || typeof schema !== 'object') return schema
  const copy: Record<string, any> = {}
  for (const [key, value] of Object.entries(schema)) {
    // Under `properties` the keys are property names, one of which could be called "nullable".
    copy[key] = key === 'properties' && value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutNullable(sub)]))
      : withoutNullable(value)
  }
  if (copy.nullable !== true) return copy
  delete copy.nullable
  if (typeof copy.type === 'string') {
    copy.type = [copy.type, 'null']
    if (Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null]
    return copy
  }
  return { anyOf: [copy, { type: 'null' }] }
}

/** Every format named anywhere in the schemas, so that one Ajv would not know is caught when the document is loaded. */
function formatsIn(schema: any, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) formatsIn(item, found)
  } else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'format' && typeof value === 'string') found.add(value)
      else formatsIn(value, found)
    }
  }
  return found
}

/** A document-local `#/...` reference made absolute, so that a response schema compiled alone finds the document's components. */
function rebased(schema: any, id: string): any {
  if (Array.isArray(schema)) return schema.map(item => rebased(item, id))
  if (!schema || typeof schema !== 'object') return schema
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [
    key,
    key === '$ref' && typeof value === 'string' && value.startsWith('#') ? id + value : rebased(value, id)
  ]))
}

function load(version: OneRosterVersion): Loaded {
  const cached = loaded.get(version)
  if (cached) return cached
  const { file, base } = binding(version)
  const document = JSON.parse(readFileSync(resolve(fixtures, file), 'utf8'))
  const schemas = withoutNullable(document.components?.schemas ?? {})
  const unknown = [...formatsIn(schemas)].filter(format => !(checkedFormats as readonly string[]).includes(format))
  if (unknown.length) throw new Error(`${file} uses formats no validator here checks: ${unknown.join(', ')}`)
  // strict: false because an OpenAPI document carries keywords JSON Schema does not know (example, xml, discriminator).
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv, [...checkedFormats])
  const id = `https://rollbook.test/oneroster/${file}`
  ajv.addSchema({ $id: id, components: { schemas } })
  const operations: Operation[] = Object.entries<any>(document.paths ?? {})
    .filter(([, item]) => item?.get)
    .map(([path, item]) => {
      const segments = path.split('/').filter(Boolean)
      const pattern = new RegExp(`^/${segments.map(segment => /^\{[^}]+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment)).join('/')}$`)
      const literals = segments.filter(segment => !segment.startsWith('{')).length
      return { path, operationId: item.get.operationId, pattern, literals, responses: item.get.responses ?? {} }
    })
  // A path with more fixed segments is the more specific template, should two ever match one address.
  operations.sort((a, b) => b.literals - a.literals)
  const result = { ajv, id, base, operations, compiled: new Map<string, ValidateFunction>() }
  loaded.set(version, result)
  return result
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Every GET operation the document lists, with its path template (as `/classes/{classSourcedId}/students`). */
export function oneRosterOperations(version: OneRosterVersion): { path: string, operationId: string }[] {
  return load(version).operations.map(({ path, operationId }) => ({ path, operationId })).sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
}

function operationFor(state: Loaded, pathTemplateOrActualPath: string): Operation | undefined {
  const exact = state.operations.find(operation => operation.path === pathTemplateOrActualPath)
  if (exact) return exact
  let path = pathTemplateOrActualPath.replace(/[?#].*$/s, '')
  if (/^https?:\/\//.test(path)) path = new URL(path).pathname
  if (path === state.base || path.startsWith(`${state.base}/`)) path = path.slice(state.base.length)
  path = path.replace(/\/+$/, '') || '/'
  return state.operations.find(operation => operation.path === path) ?? state.operations.find(operation => operation.pattern.test(path))
}

function problemText(error: ErrorObject): string {
  const at = error.instancePath || '(the body)'
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'additionalProperties') return `${at} has a property the document does not allow: ${String(params.additionalProperty)}`
  if (error.keyword === 'enum') return `${at} ${error.message}: ${JSON.stringify(params.allowedValues)}`
  return `${at} ${error.message}`
}

/**
 * What is wrong with one answer of the provider, per the stored 1EdTech document: an empty list when it conforms.
 * The path is the operation's template or the address asked (base and query are dropped); the schema is the response's
 * for that status, else the operation's `default` response.
 */
export function oneRosterAnswerProblems(version: OneRosterVersion, method: 'GET', pathTemplateOrActualPath: string, status: number, body: unknown): string[] {
  if (method !== 'GET') return [`the OneRoster ${version} rostering binding has only GET operations, not ${method}`]
  const state = load(version)
  const operation = operationFor(state, pathTemplateOrActualPath)
  if (!operation) return [`no GET operation of OneRoster ${version} matches ${pathTemplateOrActualPath}`]
  const key = String(status) in operation.responses ? String(status) : 'default'
  const response = operation.responses[key]
  const schema = response?.content?.['application/json']?.schema
  if (!schema) return [`${operation.operationId} lists no JSON body for status ${status}`]
  const cacheKey = `${operation.path} ${key}`
  let validate = state.compiled.get(cacheKey)
  if (!validate) {
    validate = state.ajv.compile(rebased(withoutNullable(schema), state.id))
    state.compiled.set(cacheKey, validate)
  }
  if (validate(body)) return []
  return (validate.errors ?? []).map(error => `${operation.operationId} ${key}: ${problemText(error)}`)
}
