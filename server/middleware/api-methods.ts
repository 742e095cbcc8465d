import { defineEventHandler, getRequestURL } from 'h3'
import { createRouter } from 'radix3'
import { apiRouteTable } from '#rollbook/api-routes'
import { apiError } from '../utils/errors'

const routes = createRouter<{ methods: Set<string> }>()
for (const { route, method } of apiRouteTable) {
  const existing = routes.lookup(route)
  if (existing && !route.includes('**')) existing.methods.add(method)
  else routes.insert(route, { methods: new Set([method]) })
}

/**
 * Nitro hands a path it serves, asked with a method it does not serve, to the page renderer (200 and
 * HTML). Under /api that must be `not_found` in the envelope instead.
 */
export default defineEventHandler((event) => {
  const path = getRequestURL(event).pathname
  if (!path.startsWith('/api/')) return
  const match = routes.lookup(path)
  const method = event.method.toLowerCase()
  if (match && !match.methods.has(method) && !match.methods.has('all') && !(method === 'head' && match.methods.has('get'))) {
    throw apiError('not_found', [`${event.method} is not served on this path.`])
  }
})
