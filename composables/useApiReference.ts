type Json = Record<string, any>
interface Tag { name: string, description?: string }

const methods = ['get', 'post', 'put', 'patch', 'delete']

/**
 * The OpenAPI document integrators fetch, grouped by tag for reading, so the reference page cannot
 * say anything the document does not.
 */
export async function useApiReference() {
  const { data: document, error } = await useFetch<Json>('/_openapi.json')
  const groups = computed(() => {
    const doc = document.value
    if (!doc) return []
    // The document's paths follow its server's base path (`/api/v1`); a reader wants each path whole.
    const base = new URL(doc.servers?.[0]?.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '')
    const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      methods.filter(method => (item as Json)[method]).map(method => ({ path: base + path, method, operation: (item as Json)[method] as Json })))
    const tags: Tag[] = [...(doc.tags ?? [])]
    for (const { operation } of operations) {
      for (const name of operation.tags ?? []) if (!tags.some(tag => tag.name === name)) tags.push({ name })
    }
    return tags.map(tag => ({ ...tag, operations: operations.filter(({ operation }) => operation.tags?.includes(tag.name)) }))
      .filter(group => group.operations.length)
  })
  const scopes = computed(() => document.value?.components?.securitySchemes?.bearerToken?.description as string | undefined)
  return { document, error, groups, scopes }
}
