import type { InternalApi } from 'nitropack/types'

type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Param}/${infer Rest}`
  ? { [Name in Param | keyof ParamsOf<`/${Rest}`>]: string }
  : Pattern extends `${string}:${infer Param}` ? { [Name in Param]: string } : Record<string, never>

/**
 * A route's path with its parameters filled in (encoded), typed as the route's pattern. Nitro's typed
 * `$fetch` matches a `${id}` template only to the `/api/**` catch-all, whose answer type is empty; typed
 * as the pattern, the call gets the route's real answer. Composables build every `/api/app` path with it.
 */
export function apiPath<Pattern extends keyof InternalApi & string>(pattern: Pattern, params: ParamsOf<Pattern>): Pattern {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]!)) as Pattern
}
