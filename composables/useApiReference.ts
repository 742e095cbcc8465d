import type { ComputedRef, InjectionKey } from 'vue'

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
    // Paths are relative to the server's base (`/api/v1`); a reader wants the path they will call.
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

/**
 * The attributes of the document's own words in the reference page: English, left to right, when the page is in another
 * language (WCAG 3.1.2); none in an English page.
 */
export const referenceTextKey: InjectionKey<ComputedRef<{ lang?: 'en', dir?: 'ltr' }>> = Symbol('reference document text')

/** The reference's words for a schema's types and rules (ReferenceSchema), in the page's language. */
export function useSchemaWords() {
  const { t } = useI18n()
  const documentText = inject(referenceTextKey, computed(() => ({})))
  function typeOf(schema: Json | undefined): string {
    if (!schema || Object.keys(schema).length === 0) return t('reference.any')
    if (schema.$ref) return refName(schema.$ref)
    if (schema.const !== undefined) return JSON.stringify(schema.const)
    if (schema.enum) return schema.enum.map((value: unknown) => JSON.stringify(value)).join(' | ')
    if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf).map(typeOf).join(' | ')
    const types = [schema.type ?? []].flat() as string[]
    return types.map(type => type === 'array'
      ? t('reference.arrayOf', { type: typeOf(schema.items) })
      : type === 'string' && schema.format ? `string (${schema.format})` : type).join(' | ') || t('reference.any')
  }
  /** `1 to 200 characters`, `at most 254 characters`, or nothing. */
  function range(min: number | undefined, max: number | undefined, unit: string) {
    if (min !== undefined && max !== undefined) return [t('reference.between', { min, max, unit })]
    if (max !== undefined) return [t('reference.atMostOf', { max, unit })]
    return min ? [t('reference.atLeastOf', { min, unit })] : []
  }
  function rulesOf(schema: Json): string[] {
    const rules = [...range(schema.minLength, schema.maxLength, t('reference.characters')), ...range(schema.minItems, schema.maxItems, t('reference.items'))]
    if (schema.minimum !== undefined && schema.minimum > -Number.MAX_SAFE_INTEGER) rules.push(t('reference.atLeast', { value: schema.minimum }))
    if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) rules.push(t('reference.atMost', { value: schema.maximum }))
    if (schema.pattern && !schema.format) rules.push(t('reference.matches', { pattern: schema.pattern }))
    if (schema.default !== undefined) rules.push(t('reference.default', { value: JSON.stringify(schema.default) }))
    if (schema.examples?.length) rules.push(t('reference.examples', { values: schema.examples.map((example: unknown) => JSON.stringify(example)).join(', ') }))
    return rules
  }
  return { typeOf, rulesOf, documentText }
}

/** `#/components/schemas/Person` → `Person`. */
export const refName = (ref: string) => ref.split('/').pop()!
