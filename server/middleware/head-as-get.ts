import { defineEventHandler } from 'h3'

/**
 * HEAD is answered as GET without a body (uptime monitors use it): routes are declared for GET only,
 * so the method is read as GET from here on. Node already knows the request was HEAD and sends no body.
 */
export default defineEventHandler((event) => {
  if (event.method !== 'HEAD') return
  event.node.req.method = 'GET'
  // h3 remembers the method it first read.
  Object.assign(event, { _method: 'GET' })
})
