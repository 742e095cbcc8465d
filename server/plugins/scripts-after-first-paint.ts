import { defineNitroPlugin } from 'nitropack/runtime'
import { deferModuleScripts } from '../utils/defer-module-scripts'

export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('render:html', (html) => {
    const deferred = deferModuleScripts(html.head)
    html.head = deferred.head
    if (deferred.loader) html.head.push(deferred.loader)
  })
})
