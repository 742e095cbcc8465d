import { defineEventHandler } from 'h3'
import { allowedMethodsAt } from '../utils/allowed-methods'
import { apiError } from '../utils/errors'

/**
 * Any other request under /api is answered in the envelope, never with the app's HTML: a method the
 * path does not serve is `method_not_allowed` with `Allow`, any other path `not_found`.
 */
export default defineEventHandler((event) => {
  const allowed = allowedMethodsAt(event.path.split('?')[0]!)
  if (allowed.length) {
    throw apiError('method_not_allowed', [`This path serves ${allowed.join(', ')} only.`], { headers: { Allow: allowed.join(', ') } })
  }
  throw apiError('not_found', ['No such route.'])
})
