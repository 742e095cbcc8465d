import { defineEventHandler } from 'h3'
import { apiError } from '../utils/errors'

/** Any other path under /api is `not_found` in the envelope, never the app's HTML. */
export default defineEventHandler(() => {
  throw apiError('not_found', ['No such route.'])
})
