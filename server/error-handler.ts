import { send, setResponseHeader, setResponseStatus, type H3Error } from 'h3'
import { defineNitroErrorHandler } from 'nitropack/runtime'
import { errorEnvelope, errorHeaders } from './utils/error-envelope'
import { traceIdOf } from './utils/trace'
import { faultSummary, logAnswer } from './utils/request-log'

const enveloped = /^\/(api(\/|$|\?)|health(\?|$)|_openapi\.json(\?|$))/

/**
 * Answers every failure on the API side in the error envelope and nothing else: no stack, no
 * internal message, no url. Page requests fall through to Nuxt's own error page. The request's path
 * is read as sent (a malformed Host header cannot make it throw).
 */
export default defineNitroErrorHandler((error: H3Error, event) => {
  if (!enveloped.test(event.path)) return
  const envelope = errorEnvelope(error, traceIdOf(event))
  for (const [name, value] of Object.entries(errorHeaders(error))) setResponseHeader(event, name, value)
  setResponseHeader(event, 'Content-Type', 'application/json')
  setResponseStatus(event, envelope.statusCode, envelope.statusMessage)
  logAnswer(event, { code: envelope.data.code, fault: envelope.statusCode >= 500 ? faultSummary(error.cause ?? error) : undefined })
  return send(event, JSON.stringify(envelope))
})
