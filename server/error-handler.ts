import type { H3Error } from 'h3'
import { defineNitroErrorHandler } from 'nitropack/runtime'
import { sendErrorEnvelope } from './utils/error-envelope'

const enveloped = /^\/(api(\/|$|\?)|hooks\/|oauth\/|health(\?|$)|metrics(\?|$)|_(app-)?openapi\.json(\?|$)|dev\/outbox(\?|$))/

/**
 * Answers every failure on the API side in the error envelope and nothing else: no stack, no
 * internal message, no url. The token endpoint words its own refusals as RFC 6749 does; only a fault of the
 * service reaches here from it. Page requests fall through to Nuxt's own error page. The request's path
 * is read as sent (a malformed Host header cannot make it throw).
 */
export default defineNitroErrorHandler((error: H3Error, event) => {
  if (!enveloped.test(event.path)) return
  return sendErrorEnvelope(error, event)
})
