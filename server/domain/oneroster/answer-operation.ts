import type { DomainContext } from '../shared/context'
import { readServedObjects, readServedPage, type Operation } from './collections'
import { bindingFields, bindingRenderer, type BindingVersion } from './render-objects'
import { changedSince, matchesFilter, parseCollectionQuery, parseSelection, selectFields, sortObjects } from './query-grammar'
import { servedObjectsReady } from './refresh-objects'

/** No object of that sourcedId is served here: the binding's `unknownobject`, 404. */
export class UnknownObject extends Error {
  override readonly name = 'UnknownObject'
}

export interface OperationAnswer {
  body: Record<string, unknown>
  /** For a collection: every object the query matched, and the page served of them. */
  page?: { total: number, limit: number, offset: number }
  /** What the caller should know of the answer: a filter on a field never served matches nothing. */
  notes?: string[]
}

/** Fields the bindings have that Rollbook never serves (docs/rosters.md): a filter on one is valid and matches nothing. */
const neverServed = new Set(['email', 'sms', 'phone', 'password'])

/**
 * Answers one read of the binding: the school's objects brought up to date if they are too far
 * behind, those the path names checked, then the collection read (by index from the filter's
 * `dateLastModified>` when it has one), limited to the operation's objects, rendered in the binding's
 * shape, filtered, sorted, paged and cut to the selected fields. The objects are read through `served`: the
 * replica's context for a platform's pulls (docs/read-replica.md); bringing them up to date reads the primary.
 */
export async function answerOperation(
  ctx: DomainContext, version: BindingVersion, base: string, operation: Operation, params: Record<string, string>,
  query: Record<string, string | string[] | undefined>, served: DomainContext = ctx
): Promise<OperationAnswer> {
  const known = bindingFields[version][operation.kind]
  const render = bindingRenderer(version, base)
  await servedObjectsReady(ctx)
  for (const named of operation.named ?? []) {
    const [object] = await readServedObjects(served, named.kind, { sourcedIds: [params[named.param]!] })
    if (!object || (named.only && !named.only(object.facts as never))) throw new UnknownObject(`No ${named.kind} ${params[named.param]} is served here.`)
  }
  if (operation.one) {
    const fields = parseSelection(single(query.fields), known)
    const [object] = await readServedObjects(served, operation.kind, { sourcedIds: [params.sourcedId!], role: operation.role })
    if (!object || (operation.only && !operation.only(object.facts, params))) {
      throw new UnknownObject(`No ${operation.wrapper} ${params.sourcedId} is served here.`)
    }
    return { body: { [operation.wrapper]: selectFields(render(object, ctx.school.id), fields) } }
  }

  const asked = parseCollectionQuery(query, known)
  if (!asked.filter && !asked.sort && !operation.within && !operation.only) {
    const { objects, total } = await readServedPage(served, operation.kind, operation.role, asked)
    return {
      body: { [operation.wrapper]: objects.map(object => selectFields(render(object, ctx.school.id), asked.fields)) },
      page: { total, limit: asked.limit, offset: asked.offset }
    }
  }
  const sourcedIds = operation.within ? await operation.within(served, params) : undefined
  const limits = sourcedIds ? { sourcedIds } : { changedSince: changedSince(asked.filter) }
  const objects = await readServedObjects(served, operation.kind, { role: operation.role, ...limits })
  let rendered = objects.filter(object => !operation.only || operation.only(object.facts, params)).map(object => render(object, ctx.school.id))
  if (asked.filter) rendered = rendered.filter(object => matchesFilter(object, asked.filter!))
  if (asked.sort) rendered = sortObjects(rendered, asked.sort, asked.descending)
  const page = rendered.slice(asked.offset, asked.offset + asked.limit)
  const unserved = [...new Set((asked.filter ?? []).flat().map(term => term.path[0]!).filter(field => neverServed.has(field)))]
  return {
    body: { [operation.wrapper]: page.map(object => selectFields(object, asked.fields)) },
    page: { total: rendered.length, limit: asked.limit, offset: asked.offset },
    ...unserved.length ? { notes: [`Rollbook never serves ${unserved.join(', ')}: a filter on it matches nothing.`] } : {}
  }
}

/** A repeated `fields` is malformed like any repeated parameter; the grammar says so for collections. */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value
}
