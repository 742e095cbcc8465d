/**
 * The binding's query parameters (OneRoster 1.1 and 1.2 REST binding, "Paging", "Sorting",
 * "Filtering", "Field Selection"), parsed once and checked against the fields the collection's type
 * has. A field the type does not have is the binding's `invalid_filter_field` or `invalid_selection_field`;
 * anything else malformed, an unknown sort field among it, is `invaliddata`.
 */

export type FilterOperator = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~'

export interface FilterPredicate { path: string[], operator: FilterOperator, value: string }

/** Predicates joined by OR of groups joined by AND: AND binds first, as the binding's examples read. */
export type FilterExpression = FilterPredicate[][]

export interface CollectionQuery {
  limit: number
  offset: number
  sort: string[] | null
  descending: boolean
  filter: FilterExpression | null
  fields: string[] | null
}

/** The binding's minor codes for a bad query; it has none for a sort field, which is `invaliddata`. */
export type QueryProblemCode = 'invalid_filter_field' | 'invalid_selection_field' | 'invaliddata'

export class OneRosterQueryProblem extends Error {
  override readonly name = 'OneRosterQueryProblem'
  constructor(readonly code: QueryProblemCode, message: string) {
    super(message)
  }
}

export const defaultLimit = 100
/** The largest page: Google's conformance tests page at 10,000. */
export const largestLimit = 10_000
/** Longer than any sensible filter, short enough that parsing costs nothing. */
const longestQueryValue = 2048
const operators: FilterOperator[] = ['>=', '<=', '!=', '=', '>', '<', '~']

function problem(code: QueryProblemCode, message: string): never {
  throw new OneRosterQueryProblem(code, message)
}

function wholeNumber(name: string, text: string | undefined, fallback: number, least: number): number {
  if (text === undefined) return fallback
  if (!/^\d{1,9}$/.test(text) || Number(text) < least) problem('invaliddata', `${name} must be a whole number of at least ${least}.`)
  return Number(text)
}

function single(query: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = query[name]
  if (Array.isArray(value)) problem('invaliddata', `${name} is given more than once.`)
  // eslint-disable-next-line no-control-regex
  if (value !== undefined && (value.length > longestQueryValue || /[\u0000-\u001f\u007f]/.test(value))) {
    problem('invaliddata', `${name} is longer than ${longestQueryValue} characters or holds control characters.`)
  }
  return value
}

/** A dotted field path (`course.sourcedId`); its first part must be a field of the type. */
function fieldPath(text: string, known: ReadonlySet<string>, code: QueryProblemCode): string[] {
  const path = text.split('.')
  if (path.some(part => !/^[A-Za-z][A-Za-z0-9_]*$/.test(part)) || !known.has(path[0]!)) problem(code, `"${text}" is not a field of this collection.`)
  return path
}

/**
 * `field<op>'value'` terms joined by ` AND ` / ` OR `. A value is everything between its quotes, so it
 * may hold spaces and the words AND and OR; a quote inside a value is written twice.
 */
export function parseFilter(text: string, known: ReadonlySet<string>): FilterExpression {
  const groups: FilterExpression = [[]]
  let at = 0
  const skipSpaces = () => {
    while (text[at] === ' ') at++
  }
  for (;;) {
    skipSpaces()
    const field = /^[A-Za-z][A-Za-z0-9_.]*/.exec(text.slice(at))?.[0]
    if (!field) problem('invaliddata', `The filter has no field at character ${at + 1}.`)
    at += field.length
    skipSpaces()
    const operator = operators.find(candidate => text.startsWith(candidate, at))
    if (!operator) problem('invaliddata', `The filter has no operator after "${field}"; use one of ${operators.join(' ')}.`)
    at += operator.length
    skipSpaces()
    if (text[at] !== '\'') problem('invaliddata', `The filter's value for "${field}" must be in single quotes.`)
    let value = ''
    for (at++; ; at++) {
      if (at >= text.length) problem('invaliddata', `The filter's value for "${field}" has no closing quote.`)
      if (text[at] === '\'') {
        if (text[at + 1] !== '\'') break
        at++
      }
      value += text[at]
    }
    at++
    groups.at(-1)!.push({ path: fieldPath(field, known, 'invalid_filter_field'), operator, value })
    skipSpaces()
    if (at >= text.length) return groups
    const joiner = /^(AND|OR) /.exec(text.slice(at))?.[1]
    if (!joiner) problem('invaliddata', `Filter terms are joined by AND or OR, at character ${at + 1}.`)
    at += joiner.length
    if (joiner === 'OR') groups.push([])
  }
}

/** The binding's query of a collection, checked against the type's fields (`known`). */
export function parseCollectionQuery(query: Record<string, string | string[] | undefined>, known: ReadonlySet<string>): CollectionQuery {
  const limit = Math.min(wholeNumber('limit', single(query, 'limit'), defaultLimit, 1), largestLimit)
  const offset = wholeNumber('offset', single(query, 'offset'), 0, 0)
  const orderBy = single(query, 'orderBy')
  if (orderBy !== undefined && orderBy !== 'asc' && orderBy !== 'desc') problem('invaliddata', 'orderBy is asc or desc.')
  const sortText = single(query, 'sort')
  const filterText = single(query, 'filter')
  return {
    limit,
    offset,
    sort: sortText ? fieldPath(sortText, known, 'invaliddata') : null,
    descending: orderBy === 'desc',
    filter: filterText ? parseFilter(filterText, known) : null,
    fields: parseSelection(single(query, 'fields'), known)
  }
}

/** `fields=sourcedId,givenName`: only those fields of each object are served. */
export function parseSelection(text: string | undefined, known: ReadonlySet<string>): string[] | null {
  if (!text) return null
  const fields = text.split(',').map(field => field.trim())
  const unknown = fields.filter(field => !known.has(field))
  if (unknown.length) problem('invalid_selection_field', `Not fields of this type: ${unknown.join(', ')}.`)
  return [...new Set(fields)]
}

/** The leaves a path reaches in an object: arrays are walked, so `roles.role` reaches every role. */
function leavesAt(value: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return Array.isArray(value) ? value.flatMap(item => leavesAt(item, path)) : [value]
  if (Array.isArray(value)) return value.flatMap(item => leavesAt(item, path))
  if (value === null || typeof value !== 'object') return []
  const next = (value as Record<string, unknown>)[path[0]!]
  return next === undefined || next === null ? [] : leavesAt(next, path.slice(1))
}

const instantShape = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/

/** Compares a leaf with a filter's value: instants as instants, numbers as numbers, the rest as text. */
function compareLeaf(leaf: unknown, value: string): number {
  const text = typeof leaf === 'string' ? leaf : String(leaf)
  if (instantShape.test(text) && instantShape.test(value)) {
    const difference = Date.parse(text) - Date.parse(value)
    if (Number.isFinite(difference)) return Math.sign(difference)
  }
  if (typeof leaf === 'number' && /^-?\d+(\.\d+)?$/.test(value)) return Math.sign(leaf - Number(value))
  return text < value ? -1 : text > value ? 1 : 0
}

function holds(object: unknown, { path, operator, value }: FilterPredicate): boolean {
  const leaves = leavesAt(object, path)
  switch (operator) {
    case '=': return leaves.some(leaf => compareLeaf(leaf, value) === 0)
    case '!=': return !leaves.some(leaf => compareLeaf(leaf, value) === 0)
    case '>': return leaves.some(leaf => compareLeaf(leaf, value) > 0)
    case '>=': return leaves.some(leaf => compareLeaf(leaf, value) >= 0)
    case '<': return leaves.some(leaf => compareLeaf(leaf, value) < 0)
    case '<=': return leaves.some(leaf => compareLeaf(leaf, value) <= 0)
    case '~': return leaves.some(leaf => String(leaf).toLowerCase().includes(value.toLowerCase()))
  }
}

export function matchesFilter(object: unknown, filter: FilterExpression): boolean {
  return filter.some(group => group.every(predicate => holds(object, predicate)))
}

/** Orders objects by a field's first leaf, objects without it last, sourcedId breaking ties. */
export function sortObjects<T extends { sourcedId: string }>(objects: T[], sort: readonly string[], descending: boolean): T[] {
  const keyOf = (object: T) => {
    const leaf = leavesAt(object, sort)[0]
    return leaf === undefined ? undefined : typeof leaf === 'number' ? leaf : String(leaf)
  }
  const keyed = objects.map(object => ({ object, key: keyOf(object) }))
  const direction = descending ? -1 : 1
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) return a.key === b.key ? 0 : a.key === undefined ? 1 : -1
    const order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    return order * direction || (a.object.sourcedId < b.object.sourcedId ? -1 : 1)
  })
  return keyed.map(entry => entry.object)
}

/** The object with only the selected fields, in the type's order. */
export function selectFields<T extends object>(object: T, fields: readonly string[] | null): Partial<T> {
  if (!fields) return object
  return Object.fromEntries(Object.entries(object).filter(([key]) => fields.includes(key))) as Partial<T>
}

/**
 * The instant a filter asks for objects changed after, when it is one group whose terms include
 * `dateLastModified>` or `>=` a valid instant: the kept objects can then be read by their index from
 * that instant on, which is what a consumer's delta pull asks, and the other terms are checked as usual.
 */
export function changedSince(filter: FilterExpression | null): string | null {
  if (filter?.length !== 1) return null
  const instants = filter[0]!.filter(term => term.path.length === 1 && term.path[0] === 'dateLastModified' && (term.operator === '>' || term.operator === '>='))
    .map(term => Date.parse(term.value)).filter(Number.isFinite)
  return instants.length ? new Date(Math.max(...instants)).toISOString() : null
}
