import { defineNitroPlugin } from 'nitropack/runtime'
import { logAnswer } from '../utils/request-log'

const logged = /^\/(api(\/|$|\?)|_openapi\.json)/

/**
 * One line per answered API request (refusals are logged by the error handler, which answers them).
 * Pages do without, and so does /health, which monitors ask every few seconds.
 */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('request', (event) => {
    event.context.startedAt = performance.now()
  })
  nitroApp.hooks.hook('afterResponse', (event) => {
    if (logged.test(event.path)) logAnswer(event)
  })
  // Pages say nothing of what serves them.
  nitroApp.hooks.hook('render:response', (response) => {
    if (response.headers) delete response.headers['x-powered-by']
  })
})
