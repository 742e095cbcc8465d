import { defineEventHandler, setResponseHeaders } from 'h3'

/**
 * Every answer under /api, refusals and unknown routes included: personal data must not sit in a
 * proxy's or browser's cache, and no browser may sniff a JSON answer into something else.
 */
export default defineEventHandler((event) => {
  if (!event.path.startsWith('/api/')) return
  setResponseHeaders(event, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
})
