import { createRouter, toRouteMatcher, type RouteMatcher } from 'radix3'
import { apiRouteMethods } from '#rollbook/api-routes'

const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

let matcher: RouteMatcher | undefined

function apiRouteMatcher(): RouteMatcher {
  const routes: Record<string, { methods: Set<string> }> = {}
  for (const { route, method } of apiRouteMethods) (routes[route] ??= { methods: new Set() }).methods.add(method.toUpperCase())
  return toRouteMatcher(createRouter({ routes }))
}

/**
 * The methods served at a path under /api, found as Nitro's router finds a handler: every route the
 * path fits, since a method one route lacks falls through to the next (`DELETE /api/app/tokens/rostering`
 * reaches `/api/app/tokens/:id`). HEAD wherever GET is, since HEAD is answered as GET. None for an
 * unknown path.
 */
export function allowedMethodsAt(path: string): string[] {
  matcher ??= apiRouteMatcher()
  const methods = new Set(matcher.matchAll(path).flatMap(match => [...(match as { methods: Set<string> }).methods]))
  if (methods.has('GET')) methods.add('HEAD')
  return methodOrder.filter(method => methods.has(method))
}
