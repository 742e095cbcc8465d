import { getRequestURL, send, setResponseHeader, setResponseStatus, type H3Error } from 'h3'
import { defineNitroErrorHandler } from 'nitropack/runtime'
import { errorEnvelope, errorHeaders } from './utils/error-envelope'
import { traceIdOf } from './utils/trace'

const enveloped = /^\/(api(\/|$)|health$|_openapi\.json$)/

/**
 * Answers every failure on the API side in the contract's envelope and nothing else: no stack, no
 * internal message, no url. Page requests fall through to Nuxt's own error page.
 */
export default defineNitroErrorHandler((error: H3Error, event) => {
  if (!enveloped.test(getRequestURL(event).pathname)) return
  const envelope = errorEnvelope(error, traceIdOf(event))
  if (envelope.statusCode >= 500) console.error(`[${envelope.data.traceId}] ${event.method} ${event.path} failed:`, error.cause ?? error)
  else console.info(`[${envelope.data.traceId}] ${event.method} ${event.path} ${envelope.statusCode} ${envelope.data.code}`)
  for (const [name, value] of Object.entries(errorHeaders(error))) setResponseHeader(event, name, value)
  setResponseHeader(event, 'Content-Type', 'application/json')
  setResponseStatus(event, envelope.statusCode, envelope.statusMessage)
  return send(event, JSON.stringify(envelope))
})
