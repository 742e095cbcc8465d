import { defineNitroPlugin } from 'nitropack/runtime'
import { getRequestURL } from 'h3'
import { deferModuleScripts } from '../utils/defer-module-scripts'

/** Pages whose form works before any script (its posts answered by the server): their scripts wait for the reader. */
const usableBeforeScript = new Set(['/sign-in'])

export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('render:html', (html, { event }) => {
    const deferred = deferModuleScripts(html.head, usableBeforeScript.has(getRequestURL(event).pathname) ? 'interaction' : 'first-paint')
    html.head = deferred.head
    if (deferred.loader) html.head.push(deferred.loader)
  })
})
